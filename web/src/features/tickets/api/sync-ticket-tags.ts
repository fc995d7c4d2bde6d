import { useMutation } from '@tanstack/react-query';
import type { TagView, TicketView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';
import { useApplyTicket } from '../hooks/use-apply-ticket';

type Input = { ticket: TicketView; tags: TagView[] };

/**
 * The tags editor's change: no tag left → DELETE /ticket-tags/{ticketId}; one tag added →
 * PUT /ticket-tags/{ticketId}/{tagId}; otherwise POST /tags/sync with the whole set.
 */
export async function syncTicketTags({ ticket, tags }: Input): Promise<TagView[]> {
  const before = new Set(ticket.tags.map((t) => t.id));
  const added = tags.filter((t) => !before.has(t.id));
  if (tags.length === 0) await api.delete(`/ticket-tags/${ticket.id}`);
  else if (added.length === 1 && tags.length === before.size + 1) await api.put(`/ticket-tags/${ticket.id}/${added[0]!.id}`);
  else await api.post('/tags/sync', { ticketId: ticket.id, tags: tags.map((t) => ({ id: t.id })) });
  return tags;
}

export function useSyncTicketTags() {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: syncTicketTags,
    onSuccess: (tags, { ticket }) => apply({ id: ticket.id, uuid: ticket.uuid, tags }),
  });
}
