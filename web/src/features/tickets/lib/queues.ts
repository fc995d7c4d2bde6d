/**
 * Queues for the list's filter. GET /queue does not exist yet (the queues issue), so the filter
 * lists the queues seen on the loaded tickets, limited to the user's queues for non-admins.
 */
import type { TicketView } from '@conversa/shared/schemas/tickets';

export type QueueOption = { id: number; name: string; color: string };

export const QUEUE_LABEL_CHARS = 7;

/** Queue names are cut after 7 characters in the filter. */
export function queueLabel(name: string): string {
  return name.length > QUEUE_LABEL_CHARS ? `${name.slice(0, QUEUE_LABEL_CHARS)}…` : name;
}

export function queuesSeen(tickets: readonly Pick<TicketView, 'queue'>[], allowed?: readonly number[]): QueueOption[] {
  const byId = new Map<number, QueueOption>();
  for (const t of tickets) if (t.queue && !byId.has(t.queue.id)) byId.set(t.queue.id, t.queue);
  return [...byId.values()].filter((q) => !allowed || allowed.includes(q.id)).sort((a, b) => a.name.localeCompare(b.name));
}
