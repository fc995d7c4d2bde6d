/**
 * Message text as spec 1 §2 renders it: *bold* and ~strike~ markers, clickable web links, and
 * nothing else. The text is never parsed as HTML: the result is a tree of plain strings that
 * React renders as text nodes.
 */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'bold' | 'strike'; children: Segment[] };

// Leftmost match wins; at the same position a link beats a marker, so '~' inside a URL stays.
const TOKEN = new RegExp(
  [
    String.raw`(?<link>\b(?:https?:\/\/|www\.)[^\s<>"']+)`,
    String.raw`(?<![\w*])\*(?<bold>(?=\S)[^*\n]*?\S)\*(?![\w*])`,
    String.raw`(?<![\w~])~(?<strike>(?=\S)[^~\n]*?\S)~(?![\w~])`,
  ].join('|'),
  'giu',
);

/** Trailing punctuation is the sentence's, not the link's ("see https://x.com."). */
const TRAILING = /[.,;:!?*~)\]}'"]+$/;

/** Only http(s) targets; anything else stays plain text. */
export function safeHref(raw: string): string | undefined {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function parseMarkers(text: string): Segment[] {
  const out: Segment[] = [];
  const pushText = (s: string) => {
    if (!s) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += s;
    else out.push({ kind: 'text', text: s });
  };
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const g = m.groups ?? {};
    if (g.link !== undefined) {
      const trail = TRAILING.exec(g.link)?.[0] ?? '';
      const linkText = trail ? g.link.slice(0, -trail.length) : g.link;
      const href = safeHref(linkText);
      pushText(text.slice(at, start));
      if (href && linkText) out.push({ kind: 'link', text: linkText, href });
      else pushText(linkText);
      pushText(trail);
    } else {
      pushText(text.slice(at, start));
      const inner = g.bold ?? g.strike ?? '';
      out.push({ kind: g.bold !== undefined ? 'bold' : 'strike', children: parseMarkers(inner) });
    }
    at = start + m[0].length;
  }
  pushText(text.slice(at));
  return out;
}

/** The text without markers (previews, quoted boxes, accessibility labels). */
export function plainText(segments: Segment[]): string {
  return segments.map((s) => (s.kind === 'text' || s.kind === 'link' ? s.text : plainText(s.children))).join('');
}
