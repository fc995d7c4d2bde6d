/**
 * The flow runner (BEHAVIOUR.md "Flows"): pure over (graph, state, event) → (new state, actions).
 * No I/O: the executor (run-flow.ts) reads the ticket's state, calls `advance`, carries out the
 * actions (messages through the outbound path, the http request, the contact, queue and tag
 * changes, the delayed wake) and writes the new state in one conditional write.
 *
 * - Edges are followed by their handle (menu `a<number>`, randomizer `a`/`b`, condition
 *   `true`/`false`, http `success`/`error`), never by the order of the node array; a node without
 *   an edge for the way out ends the flow.
 * - Waiting nodes: `menu` and `question`/`collect` wait for the customer's answer, `interval` (and
 *   an interval card of a single block, and a text card's "typing…" moment) for a wake whose token
 *   matches, `httpRequest` for the
 *   executor to hand back the response (the runner never calls out).
 * - "sair"/"parar" end the flow; 100 nodes without waiting stop it with an error; a node missing
 *   from the ticket's version ends it.
 */
import { FLOW_LIMITS, foldPhrase, type FlowEdge, type FlowGraph, type FlowNode, type FlowNodeDataOf, type FlowState } from '@conversa/shared/schemas/flows';

export type FlowTrigger = 'phrase' | 'welcome' | 'notPhrase' | 'queue';

export type FlowEvent =
  | { kind: 'start'; trigger: FlowTrigger; flowId: number; version: number; at: string }
  | { kind: 'answer'; text: string; messageId: string }
  | { kind: 'wake'; token: string }
  | { kind: 'httpResult'; status: number; json?: unknown; text?: string };

export type MediaKind = 'img' | 'audio' | 'video' | 'document';
export type ContactFields = Partial<Record<'name' | 'email' | 'zipCode' | 'address' | 'bussinesName', string>>;
export type HttpCall = { method: 'get' | 'post' | 'put' | 'delete'; url: string; headers: Record<string, string>; query: Record<string, string>; body: string };

export type FlowAction =
  | { type: 'text'; body: string }
  | { type: 'media'; kind: MediaKind; file: string; record: boolean }
  | { type: 'typing'; ms: number }
  | { type: 'wake'; seconds: number; token: string }
  | { type: 'http'; request: HttpCall }
  | { type: 'updateContact'; fields: ContactFields }
  | { type: 'queue'; queueId: number; userId: number | null; randomUser: boolean }
  | { type: 'tag'; tagId: number }
  | { type: 'close' }
  /** Menu answered wrongly too often: pending to the connection's queue, for a person. */
  | { type: 'human' }
  | { type: 'end'; reason: EndReason };

export type EndReason = 'done' | 'exit' | 'missing' | 'loop' | 'human' | 'queue' | 'closed';

export type FlowContext = {
  /** The message variables (name, firstName, protocol, greeting…), by lower-case name. */
  messageVariables: Record<string, string>;
  /** The ticket's tags, for a condition on `ticketTag`. */
  ticketTags: readonly { id: number; name: string }[];
  /** [0, 1): the randomizer's draw. */
  random: () => number;
};

export type Advance = { state: FlowState | null; actions: FlowAction[]; error?: string };

/** What the platform itself says inside a flow (pt, the product's language). */
export const FLOW_TEXTS = {
  invalidOption: '*Opção inválida.* Responda com o número ou o nome de uma das opções:',
} as const;

/** Words that end a flow at any point (folded: accents and case ignored). */
const EXIT_WORDS = new Set(['sair', 'parar']);
/** "typing…" before a text card: a moment, longer for longer texts. */
const typingMs = (text: string): number => Math.min(3000, 800 + text.length * 20);

// --- texts and variables ---

const VAR = /\{\{\s*([\p{L}\p{N}_.-]{1,60})\s*\}\}/gu;

/** `{{var}}` filled from the flow's variables, then the message variables; unknown ones become empty. */
export function fill(text: string, variables: Record<string, string>, ctx: Pick<FlowContext, 'messageVariables'>): string {
  if (!text.includes('{{')) return text;
  return text.replace(VAR, (_w, name: string) => variables[name] ?? ctx.messageVariables[name.toLowerCase()] ?? '');
}

/** Merges `add` into the variables (never replacing the set), within the count and byte caps; what does not fit is left out. */
export function mergeVariables(vars: Record<string, string>, add: Record<string, string>): Record<string, string> {
  const out = { ...vars };
  for (const [k, v] of Object.entries(add)) {
    if (!(k in out) && Object.keys(out).length >= FLOW_LIMITS.variablesMax) continue;
    const next = { ...out, [k]: v };
    if (Buffer.byteLength(JSON.stringify(next)) > FLOW_LIMITS.variablesBytesMax) continue;
    out[k] = v;
  }
  return out;
}

/** A value at a dotted path of a JSON answer (`data.items.0.id`), as text; undefined when absent. */
export function atPath(json: unknown, path: string): string | undefined {
  let at: unknown = json;
  for (const part of path.split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  if (at === undefined || at === null) return undefined;
  return typeof at === 'string' ? at : JSON.stringify(at);
}

// --- menus and conditions ---

export function menuText(data: FlowNodeDataOf<'menu'>): string {
  const options = data.arrayOption.map((o) => `*${o.number}* - ${o.value}`).join('\n');
  return [data.message.trim(), options].filter(Boolean).join('\n\n');
}

/** The option an answer picks: its number ("2", "2.", " 2 ", "opção 2") or its exact title, accents and case aside. */
export function pickOption(data: FlowNodeDataOf<'menu'>, answer: string): FlowNodeDataOf<'menu'>['arrayOption'][number] | undefined {
  const text = foldPhrase(answer);
  const n = /^(?:opcao\s*)?(\d{1,2})\s*[.)]?$/.exec(text);
  if (n) return data.arrayOption.find((o) => o.number === Number(n[1]));
  return data.arrayOption.find((o) => foldPhrase(o.value) === text || (o.titleOption !== undefined && foldPhrase(o.titleOption) === text));
}

const asNumber = (s: string): number | undefined => {
  const t = s.trim().replace(',', '.');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : undefined;
};

/** A condition node's test: 1 equal, 2 ≥, 3 ≤, 4 <, 5 > (numbers only: false otherwise), 6 is empty. */
export function conditionHolds(data: FlowNodeDataOf<'condition'>, variables: Record<string, string>, ctx: FlowContext): boolean {
  const key = data.key.replace(/^\{\{\s*|\s*\}\}$/g, '').trim();
  const want = fill(data.value, variables, ctx);
  if (key === 'ticketTag') {
    if (data.condition === 6) return ctx.ticketTags.length === 0;
    if (data.condition !== 1) return false;
    return ctx.ticketTags.some((t) => String(t.id) === want.trim() || foldPhrase(t.name) === foldPhrase(want));
  }
  const have = variables[key] ?? '';
  if (data.condition === 6) return have.trim() === '';
  const [a, b] = [asNumber(have), asNumber(want)];
  if (data.condition === 1) return a !== undefined && b !== undefined ? a === b : foldPhrase(have) === foldPhrase(want);
  if (a === undefined || b === undefined) return false;
  switch (data.condition) {
    case 2: return a >= b;
    case 3: return a <= b;
    case 4: return a < b;
    case 5: return a > b;
    default: return false;
  }
}

// --- the walk ---

const edgeFrom = (graph: FlowGraph, nodeId: string, handle: string | null): FlowEdge | undefined =>
  graph.connections.find((e) => e.source === nodeId && (handle === null ? !e.sourceHandle || !['a', 'b', 'true', 'false', 'success', 'error'].includes(e.sourceHandle) : e.sourceHandle === handle));

/** One run of the graph from a node until it waits or ends. */
class Walk {
  readonly actions: FlowAction[] = [];
  error?: string;
  private readonly nodes: Map<string, FlowNode>;

  constructor(
    private readonly graph: FlowGraph,
    private state: FlowState,
    private readonly ctx: FlowContext,
  ) {
    this.nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  }

  private say(body: string): void {
    const text = fill(body, this.state.variables, this.ctx);
    if (text.trim()) this.actions.push({ type: 'text', body: text });
  }

  private end(reason: EndReason): Advance {
    this.actions.push({ type: 'end', reason });
    return { state: null, actions: this.actions, ...(this.error ? { error: this.error } : {}) };
  }

  private wait(nodeId: string, waiting: FlowState['waiting'], extra: Partial<FlowState> = {}): Advance {
    const { wakeToken: _t, blockAt: _b, blockTyped: _bt, ...rest } = this.state;
    return { state: { ...rest, nodeId, nodeType: this.nodes.get(nodeId)?.type, waiting, ...extra }, actions: this.actions };
  }

  /** Follows the edge leaving `nodeId` by `handle`; none ends the flow. */
  next(nodeId: string, handle: string | null = null): Advance {
    const edge = edgeFrom(this.graph, nodeId, handle);
    return edge ? this.run(edge.target) : this.end('done');
  }

  /** Runs `nodeId` and what follows it (a single block from its card `blockFrom`, that card's "typing…" shown when `typed`). */
  run(nodeId: string, blockFrom = 0, typed = false): Advance {
    const node = this.nodes.get(nodeId);
    if (!node) return this.end('missing');
    this.state = { ...this.state, steps: this.state.steps + 1 };
    if (this.state.steps > FLOW_LIMITS.stepsWithoutWait) {
      this.error = `O fluxo passou por ${FLOW_LIMITS.stepsWithoutWait} nós sem esperar uma resposta (laço no nó ${node.id}) e foi interrompido.`;
      return this.end('loop');
    }
    switch (node.type) {
      case 'start':
        return this.next(node.id);
      case 'message':
        this.say(node.data.label);
        return this.next(node.id);
      case 'img':
      case 'video':
        this.actions.push({ type: 'media', kind: node.type, file: node.data.url, record: false });
        return this.next(node.id);
      case 'audio':
        this.actions.push({ type: 'media', kind: 'audio', file: node.data.url, record: node.data.record });
        return this.next(node.id);
      case 'document':
        this.actions.push({ type: 'media', kind: 'document', file: node.data.url, record: false });
        return this.next(node.id);
      case 'singleBlock':
        return this.block(node, blockFrom, typed);
      case 'interval':
        return this.sleep(node.id, node.data.sec);
      case 'menu':
        this.say(menuText(node.data));
        return this.wait(node.id, 'menu', { invalid: 0 });
      case 'question':
        this.say(node.data.label);
        return this.wait(node.id, 'answer');
      case 'collect':
        return this.wait(node.id, 'answer');
      case 'condition':
        return this.next(node.id, conditionHolds(node.data, this.state.variables, this.ctx) ? 'true' : 'false');
      case 'randomizer':
        return this.next(node.id, this.ctx.random() * 100 < node.data.percent ? 'a' : 'b');
      case 'httpRequest':
        this.actions.push({ type: 'http', request: this.httpCall(node.data) });
        return this.wait(node.id, 'http');
      case 'updateContact': {
        const fields = Object.fromEntries(Object.entries(node.data).map(([k, v]) => [k, fill(v, this.state.variables, this.ctx).trim()]).filter(([, v]) => v !== '')) as ContactFields;
        if (Object.keys(fields).length) this.actions.push({ type: 'updateContact', fields });
        return this.next(node.id);
      }
      case 'queue':
        this.actions.push({ type: 'queue', queueId: node.data.queue, userId: node.data.checkedUser ? (node.data.queueUsersId ?? null) : null, randomUser: node.data.ativarRoteador });
        return node.data.continueFlow ? this.next(node.id) : this.end('queue');
      case 'tag':
        this.actions.push({ type: 'tag', tagId: node.data.tag });
        return this.next(node.id);
      case 'closeTicket':
        this.actions.push({ type: 'close' });
        return this.end('closed');
    }
  }

  /**
   * A single block's cards in `seq` order from `from`: a text card shows "typing…" for its moment
   * (a wake, as an interval card's: the text goes out when it comes, `typed`), an interval card waits.
   */
  private block(node: Extract<FlowNode, { type: 'singleBlock' }>, from: number, typed: boolean): Advance {
    const byNumber = new Map(node.data.elements.map((e) => [e.number, e]));
    for (let i = from; i < node.data.seq.length; i++) {
      const el = byNumber.get(node.data.seq[i]!);
      if (!el) continue;
      const kind = el.type ?? (el.number.replace(/\d+$/, '') as NonNullable<typeof el.type>);
      if (kind === 'message') {
        const text = fill(el.value, this.state.variables, this.ctx);
        if (!text.trim()) continue;
        if (!(typed && i === from)) {
          const ms = typingMs(text);
          this.actions.push({ type: 'typing', ms });
          return this.sleep(node.id, Math.max(1, Math.round(ms / 1000)), i, true);
        }
        this.actions.push({ type: 'text', body: text });
      } else if (kind === 'interval') {
        const sec = Math.min(FLOW_LIMITS.intervalMaxSec, Math.max(1, Math.round(Number(el.value) || 0)));
        return this.sleep(node.id, sec, i + 1);
      } else this.actions.push({ type: 'media', kind, file: el.value, record: kind === 'audio' ? (el.record ?? true) : false });
    }
    return this.next(node.id);
  }

  private sleep(nodeId: string, seconds: number, blockAt?: number, typed = false): Advance {
    const token = `${this.state.seq}.${nodeId}.${blockAt ?? 0}${typed ? 't' : ''}`;
    this.actions.push({ type: 'wake', seconds, token });
    return this.wait(nodeId, 'interval', { wakeToken: token, ...(blockAt !== undefined ? { blockAt } : {}), ...(typed ? { blockTyped: true } : {}) });
  }

  private httpCall(d: FlowNodeDataOf<'httpRequest'>): HttpCall {
    const f = (s: string) => fill(s, this.state.variables, this.ctx);
    const pairs = (list: { key: string; value: string }[]) => Object.fromEntries(list.filter((p) => p.key.trim()).map((p) => [f(p.key).trim(), f(p.value)]));
    return { method: d.method, url: f(d.url).trim(), headers: pairs(d.headers), query: pairs(d.params), body: d.method === 'get' ? '' : f(d.body) };
  }

  // --- resuming a waiting state ---

  answered(node: FlowNode, text: string): Advance {
    if (node.type === 'menu') {
      const picked = pickOption(node.data, text);
      if (picked) {
        this.state = { ...this.state, invalid: 0 };
        return this.next(node.id, `a${picked.number}`);
      }
      const invalid = this.state.invalid + 1;
      if (invalid >= FLOW_LIMITS.invalidAnswersMax) {
        this.actions.push({ type: 'human' });
        return this.end('human');
      }
      this.say(`${FLOW_TEXTS.invalidOption}\n\n${menuText(node.data)}`);
      return this.wait(node.id, 'menu', { invalid });
    }
    if (node.type === 'question' || node.type === 'collect') {
      const variable = node.type === 'question' ? node.data.variable : node.data.collect;
      this.state = { ...this.state, variables: mergeVariables(this.state.variables, { [variable]: text }) };
      return this.next(node.id);
    }
    return { state: this.state, actions: [] };
  }

  httpDone(node: FlowNode, status: number, json: unknown): Advance {
    if (node.type !== 'httpRequest') return this.next(node.id);
    const ok = status >= 200 && status < 300;
    if (ok && node.data.saveFields.length) {
      const add: Record<string, string> = {};
      for (const s of node.data.saveFields) {
        const v = atPath(json, s.path);
        if (v !== undefined) add[s.variable] = v;
      }
      this.state = { ...this.state, variables: mergeVariables(this.state.variables, add) };
    }
    return this.next(node.id, ok ? 'success' : 'error');
  }
}

/**
 * One step: a flow started at its start node, or the waiting state resumed by an answer, a wake
 * or the http response. An event the state does not wait for changes nothing (same state, no actions).
 */
export function advance(graph: FlowGraph, state: FlowState | null, event: FlowEvent, ctx: FlowContext): Advance {
  if (event.kind === 'start') {
    if (state) return { state, actions: [] };
    const start = graph.nodes.find((n) => n.type === 'start');
    const fresh: FlowState = { flowId: event.flowId, version: event.version, nodeId: start?.id ?? 'start', waiting: null, variables: {}, invalid: 0, steps: 0, seq: 1, startedAt: event.at };
    return new Walk(graph, fresh, ctx).run(fresh.nodeId);
  }
  if (!state) return { state: null, actions: [] };
  const unchanged: Advance = { state, actions: [] };
  const moved: FlowState = { ...state, seq: state.seq + 1 };
  const node = graph.nodes.find((n) => n.id === state.nodeId);
  switch (event.kind) {
    case 'answer': {
      if (EXIT_WORDS.has(foldPhrase(event.text))) return { state: null, actions: [{ type: 'end', reason: 'exit' }] };
      if (state.waiting !== 'menu' && state.waiting !== 'answer') return unchanged;
      const walk = new Walk(graph, { ...moved, steps: 0 }, ctx);
      return node ? walk.answered(node, event.text) : walk.run(state.nodeId);
    }
    case 'wake': {
      if (state.waiting !== 'interval' || state.wakeToken !== event.token) return unchanged;
      const walk = new Walk(graph, { ...moved, steps: 0 }, ctx);
      if (!node) return walk.run(state.nodeId);
      return node.type === 'singleBlock' && state.blockAt !== undefined ? walk.run(node.id, state.blockAt, state.blockTyped === true) : walk.next(node.id);
    }
    case 'httpResult': {
      if (state.waiting !== 'http') return unchanged;
      const walk = new Walk(graph, moved, ctx);
      return node ? walk.httpDone(node, event.status, event.json) : walk.run(state.nodeId);
    }
  }
}
