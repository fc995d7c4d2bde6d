/**
 * Queues for the list's filter and the ticket dialogs: the company's queues (GET /queue), limited
 * to the user's own for non-admins where the spec says so (filter, new ticket).
 */
export type QueueOption = { id: number; name: string; color: string };

export const QUEUE_LABEL_CHARS = 7;

/** Queue names are cut after 7 characters in the filter. */
export function queueLabel(name: string): string {
  return name.length > QUEUE_LABEL_CHARS ? `${name.slice(0, QUEUE_LABEL_CHARS)}…` : name;
}

/**
 * The company's queues in menu order, only `allowed` ones when given; a ticket's current queue
 * stays listed (so a select can show it) even when it is not among them.
 */
export function queueChoices(queues: readonly QueueOption[], allowed?: readonly number[], current?: QueueOption | null): QueueOption[] {
  const out = queues.filter((q) => !allowed || allowed.includes(q.id)).map(({ id, name, color }) => ({ id, name, color }));
  if (current && !out.some((q) => q.id === current.id)) out.push(current);
  return out;
}
