/** Row time and wait warning of the tickets list (spec 1 §2, §9). */
import { TICKET_WAIT_WARNING_MS } from '@conversa/shared/constants';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { formatDate, formatTime } from '../../../lib/format';

/** HH:mm when the moment is today (local), else dd/MM/yyyy. */
export function listTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? formatTime(d) : formatDate(iso);
}

/** A pending ticket waiting more than 5 minutes since it entered the queue. */
export function waitingTooLong(t: Pick<TicketView, 'status' | 'queuedAt' | 'updatedAt'>, now: number = Date.now()): boolean {
  if (t.status !== 'pending') return false;
  const since = Date.parse(t.queuedAt || t.updatedAt);
  return Number.isFinite(since) && now - since > TICKET_WAIT_WARNING_MS;
}

/** Whole minutes waited, for the warning's text. */
export function minutesWaiting(t: Pick<TicketView, 'queuedAt' | 'updatedAt'>, now: number = Date.now()): number {
  const since = Date.parse(t.queuedAt || t.updatedAt);
  return Number.isFinite(since) ? Math.max(0, Math.floor((now - since) / 60_000)) : 0;
}
