/**
 * The rows of the message list (spec 1 §2 "Messages panel"): chronological, a date separator
 * whenever the local day changes, 'conversation started / closed' logs as separators, a 'closed /
 * started' pair where the contact's earlier ticket ends and the next begins (the history the server
 * pages into), and the sender's name on group messages when the sender changes.
 */
import type { MessageView } from '@conversa/shared/schemas/messages';

export type Row =
  | { kind: 'date'; key: string; day: string }
  | { kind: 'log'; key: string; message: MessageView }
  | { kind: 'ticket'; key: string; closedAt: string; startedAt: string }
  | { kind: 'message'; key: string; message: MessageView; showSender: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a timestamp, 'YYYY-MM-DD'. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function buildRows(messages: MessageView[], isGroup: boolean): Row[] {
  const rows: Row[] = [];
  let day = '';
  let lastSender: string | undefined;
  let last: MessageView | undefined;
  for (const m of messages) {
    if (m.mediaType === 'reactionMessage') continue; // drawn under the message it reacts to
    if (last && last.ticketId !== m.ticketId) {
      rows.push({ kind: 'ticket', key: `t:${last.ticketId}:${m.ticketId}`, closedAt: last.createdAt, startedAt: m.createdAt });
      lastSender = undefined;
    }
    last = m;
    const d = localDay(m.createdAt);
    if (d !== day) {
      rows.push({ kind: 'date', key: `d:${d}`, day: d });
      day = d;
      lastSender = undefined;
    }
    if (m.mediaType === 'info_log' || m.mediaType === 'closed_log' || m.mediaType === 'call_log') {
      rows.push({ kind: 'log', key: m.id, message: m });
      lastSender = undefined;
      continue;
    }
    const sender = m.fromMe ? 'me' : (m.participant?.id ?? 'contact');
    rows.push({ kind: 'message', key: m.id, message: m, showSender: isGroup && !m.fromMe && sender !== lastSender });
    lastSender = sender;
  }
  return rows;
}

/** 'today', 'yesterday' or the date itself, for the separator's label. */
export function dayLabel(day: string, now = new Date()): { kind: 'today' | 'yesterday' | 'date'; date: string } {
  const today = localDay(now.toISOString());
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  const date = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  if (day === today) return { kind: 'today', date };
  if (day === localDay(y.toISOString())) return { kind: 'yesterday', date };
  return { kind: 'date', date };
}
