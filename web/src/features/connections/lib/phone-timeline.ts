import type { SandboxOutboxItem, SandboxReadReceipt } from '@conversa/shared/schemas/sandbox';

export type PhoneRow = { kind: 'item'; at: string; item: SandboxOutboxItem } | { kind: 'read'; at: string; read: SandboxReadReceipt };

/** What the sandbox phone got, in time order: its messages and the read receipts of the same span. */
export function phoneTimeline(items: readonly SandboxOutboxItem[], reads: readonly SandboxReadReceipt[]): PhoneRow[] {
  const from = items[0]?.at ?? '';
  const rows: PhoneRow[] = [...items.map((item): PhoneRow => ({ kind: 'item', at: item.at, item })), ...reads.filter((r) => r.at >= from).map((read): PhoneRow => ({ kind: 'read', at: read.at, read }))];
  return rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
