/**
 * The node dialogs' rules (spec 3 §4, §5): the messages each dialog shows, and the data it builds
 * parsed with the contract's schema for its type, so a dialog never hands the canvas data the
 * server would refuse on save.
 */
import { FLOW_FILE_RULES, FLOW_LIMITS, FlowNodeData, type FlowFileKind, type FlowNodeType } from '@conversa/shared/schemas/flows';

/** An i18n key under `flows.` with its values. */
export type Problem = { key: string; values?: Record<string, string | number> };

/** Interval (and randomizer): set and above 0, at most 120 (spec 3 §5). */
export function intervalProblem(raw: string): Problem | null {
  const sec = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(sec) || sec <= 0 || !Number.isInteger(sec)) return { key: 'errors.intervalRequired' };
  if (sec > FLOW_LIMITS.intervalMaxSec) return { key: 'errors.intervalMax' };
  return null;
}

const extOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/**
 * A chosen file against its kind's types and size: videos MP4 only, PDFs only, and the size
 * message with the kind's limit ('Arquivo é muito grande! {n}MB máximo').
 */
export function fileProblem(kind: FlowFileKind, file: { name: string; size: number; type?: string }): Problem | null {
  const rule = FLOW_FILE_RULES[kind];
  if (!(rule.exts as readonly string[]).includes(extOf(file.name))) {
    if (kind === 'video') return { key: 'errors.videoOnly' };
    if (kind === 'document') return { key: 'errors.pdfOnly' };
    return { key: 'errors.typeNotAllowed', values: { exts: rule.exts.join(', ') } };
  }
  if (file.size > rule.maxMb * 1024 * 1024) return { key: 'errors.tooLarge', values: { n: rule.maxMb } };
  return null;
}

/** The file input's `accept` for a kind. */
export const acceptOf = (kind: FlowFileKind) => FLOW_FILE_RULES[kind].exts.map((e) => `.${e}`).join(',');

/** What the browser may not say: the type by extension (the server checks the content). */
export function mimeOf(name: string): string {
  const ext = extOf(name);
  const table: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', ogg: 'audio/ogg', opus: 'audio/ogg', mp3: 'audio/mpeg', mp4: 'video/mp4', pdf: 'application/pdf' };
  return table[ext] ?? 'application/octet-stream';
}

/** A Conteúdo card being edited: text, seconds, or a file (chosen now, or stored already). */
export type Card =
  | { kind: 'message'; value: string }
  | { kind: 'interval'; value: string }
  | { kind: 'img' | 'audio' | 'video' | 'document'; file?: File; stored?: string; original?: string; record: boolean };
export type CardKind = Card['kind'];
export const CARD_KINDS: readonly CardKind[] = ['message', 'interval', 'img', 'audio', 'video', 'document'];

/** Spec 3 §5 "Single block": the first rule broken, in the spec's order. */
export function cardsProblem(cards: readonly Card[]): Problem | null {
  if (cards.some((c) => c.kind === 'message' && c.value.trim() === '')) return { key: 'errors.emptyMessage' };
  if (cards.some((c) => c.kind === 'interval' && intervalProblem(c.value) !== null)) return { key: 'errors.badInterval' };
  if (cards.some((c) => c.kind !== 'message' && c.kind !== 'interval' && !c.file && !c.stored)) return { key: 'errors.emptyMedia' };
  for (const c of cards) if (c.kind !== 'message' && c.kind !== 'interval' && c.file) {
    const p = fileProblem(c.kind, c.file);
    if (p) return p;
  }
  return null;
}

/**
 * The singleBlock data from its cards, files named by what the upload stored (`names`, in the
 * order of the cards that had a new file). Keys are `<kind><n>` counted per kind, as the format has them.
 */
export function singleBlockData(cards: readonly Card[], names: readonly string[]) {
  const counts: Record<string, number> = {};
  let nextName = 0;
  const elements = cards.map((c) => {
    const n = counts[c.kind] ?? 0;
    counts[c.kind] = n + 1;
    const number = `${c.kind}${n}`;
    if (c.kind === 'message' || c.kind === 'interval') return { number, type: c.kind, value: c.kind === 'interval' ? String(Number(c.value)) : c.value };
    const value = c.file ? names[nextName++]! : c.stored!;
    return { number, type: c.kind, value, original: c.file?.name ?? c.original ?? value, ...(c.kind === 'audio' ? { record: c.record } : {}) };
  });
  return { seq: elements.map((e) => e.number), elements };
}

/** Cards back from stored singleBlock data (edit mode). */
export function cardsOf(data: { seq?: string[]; elements?: { number: string; type?: string; value: string; original?: string; record?: boolean }[] }): Card[] {
  const byNumber = new Map((data.elements ?? []).map((e) => [e.number, e]));
  return (data.seq ?? []).flatMap((key): Card[] => {
    const e = byNumber.get(key);
    if (!e) return [];
    const kind = (e.type ?? key.replace(/\d+$/, '')) as CardKind;
    if (kind === 'message' || kind === 'interval') return [{ kind, value: e.value }];
    return [{ kind, stored: e.value, original: e.original, record: e.record ?? true }];
  });
}

/** A dialog's data parsed by the contract's schema for its type: the data, or the first problem (with its field). */
export function parseNodeData<T extends FlowNodeType>(type: T, data: unknown): { ok: true; data: Record<string, unknown> } | { ok: false; field: string; message: string } {
  const r = FlowNodeData[type].safeParse(data);
  if (r.success) return { ok: true, data: r.data as Record<string, unknown> };
  const issue = r.error.issues[0]!;
  return { ok: false, field: issue.path.map(String).join('.'), message: issue.message };
}

/** How a variable is written in a text field (the update-contact hint). */
export const VARIABLE_EXAMPLE = '{{nome}}';
