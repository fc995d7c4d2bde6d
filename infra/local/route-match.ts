/**
 * API Gateway HTTP API route selection over the route table: `/users/{id}`, greedy `{proxy+}`,
 * method `ANY`. The most specific route wins: segment by segment, static beats `{param}` beats
 * `{greedy+}`, and an exact method beats `ANY`. A path that only matches routes of other methods
 * answers "method not allowed".
 */
export type RouteLike = { method: string; path: string };

type Seg = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };
type Compiled<R> = { route: R; segs: Seg[] };

export type RouteMatch<R> =
  | { kind: 'found'; route: R; routeKey: string; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

export function splitPath(p: string): string[] {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  return trimmed.split('/').slice(1).filter((s, i, all) => s !== '' || i < all.length - 1);
}

function compile(path: string): Seg[] {
  return splitPath(path).map((s): Seg => {
    const m = /^\{([^}]+?)(\+)?\}$/.exec(s);
    if (!m) return { kind: 'static', value: s };
    return m[2] ? { kind: 'greedy', name: m[1]! } : { kind: 'param', name: m[1]! };
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Specificity per segment (lower is more specific), or undefined when the path does not match. */
function matchSegs(segs: Seg[], parts: string[], decoded: string[]): { score: number[]; params: Record<string, string> } | undefined {
  if (parts.length < segs.length || (parts.length > segs.length && segs.at(-1)?.kind !== 'greedy')) return undefined;
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg.kind === 'greedy') {
      const rest = parts.slice(i);
      if (!rest.length) return undefined;
      params[seg.name] = safeDecode(rest.join('/'));
      score.push(2);
      return { score, params };
    }
    const part = parts[i]!; // as many parts as segments: checked above
    if (seg.kind === 'static') {
      if (seg.value !== part && seg.value !== decoded[i]) return undefined;
      score.push(0);
    } else {
      if (part === '') return undefined;
      params[seg.name] = decoded[i]!;
      score.push(1);
    }
  }
  return parts.length === segs.length ? { score, params } : undefined;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 3) - (b[i] ?? 3);
    if (d) return d;
  }
  return 0;
}

export function createRouter<R extends RouteLike>(routes: readonly R[]): (method: string, path: string) => RouteMatch<R> {
  const compiled: Compiled<R>[] = routes.map((route) => ({ route, segs: compile(route.path) }));
  return (method, rawPath) => {
    const parts = splitPath(rawPath || '/');
    // Decoded once a request, not once a route (the table has a few hundred).
    const decoded = parts.map(safeDecode);
    const m = method.toUpperCase();
    let best: { c: Compiled<R>; score: number[]; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    for (const c of compiled) {
      const hit = matchSegs(c.segs, parts, decoded);
      if (!hit) continue;
      const rm = c.route.method.toUpperCase();
      if (rm !== m && rm !== 'ANY') {
        allowed.add(rm);
        continue;
      }
      const score = [...hit.score, rm === 'ANY' ? 1 : 0];
      if (!best || compare(score, best.score) < 0) best = { c, score, params: hit.params };
    }
    if (best) return { kind: 'found', route: best.c.route, routeKey: `${best.c.route.method} ${best.c.route.path}`, params: best.params };
    if (allowed.size) return { kind: 'method-not-allowed', allowed: [...allowed].sort() };
    return { kind: 'not-found' };
  };
}
