import { useMutation } from '@tanstack/react-query';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { isApiError, otherOpenTicket } from '../../../lib/api-error';
import { createTicket } from '../../../lib/create-ticket';
import { getTickets } from '../../../lib/get-tickets';

export type ChatContact = { id: number; name: string; number: string };
export type OpenTicketInput = { contact: ChatContact; queueId?: number | null; showAll: boolean };

/** The contact's open or pending ticket the caller can see, looked up by its number (or name). */
export async function findOpenTicket(contact: ChatContact, showAll: boolean): Promise<TicketView | undefined> {
  const searchParam = (contact.number || contact.name).toLowerCase();
  for (const status of ['open', 'pending'] as const) {
    const page = await getTickets({ searchParam, status, showAll: showAll || undefined });
    const hit = page.tickets.find((t) => t.contactId === contact.id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The row's chat button and /n/{telefone}: the contact's ticket in progress, else a new one. A
 * conflict (ERR_OTHER_OPEN_TICKET: another ticket opened meanwhile) opens that one when the caller
 * can see it; otherwise the error stands.
 */
export async function openTicket({ contact, queueId, showAll }: OpenTicketInput): Promise<Pick<TicketView, 'id' | 'uuid'>> {
  try {
    // A new open ticket for the contact, with the caller as agent.
    return await createTicket({ contactId: contact.id, status: 'open', ...(queueId ? { queueId } : {}) });
  } catch (err) {
    if (isApiError(err) && err.code === 'ERR_OTHER_OPEN_TICKET') {
      const existing = otherOpenTicket(err) ?? (await findOpenTicket(contact, showAll).catch(() => undefined));
      if (existing) return existing;
    }
    throw err;
  }
}

export function useOpenTicket(options: { onSuccess?: (ticket: Pick<TicketView, 'id' | 'uuid'>) => void } = {}) {
  return useMutation({ mutationFn: openTicket, onSuccess: (t) => options.onSuccess?.(t) });
}
