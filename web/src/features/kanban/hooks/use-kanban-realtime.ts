import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useChannel, useOnReconnect } from '../../../lib/realtime';
import { getKanbanQueryOptions } from '../api/get-kanban';
import { applyTicket, removeCard, type Board } from '../lib/board';

/**
 * Keeps the board live: `company-{id}-ticket` update (another user's move, a status or queue
 * change, a new ticket) and `-appMessage` create (the last message) move or refresh the card;
 * delete and removeFromList take it off. The server sends each user only the tickets they may see.
 * After a reconnect the board is read again (events may have been missed).
 */
export function useKanbanRealtime(companyId: number, queueIds: readonly number[], moving: ReadonlyMap<number, number>): void {
  const qc = useQueryClient();
  const key = getKanbanQueryOptions(queueIds).queryKey;
  const edit = (f: (b: Board) => Board) => qc.setQueryData(key, (b) => (b ? f(b) : b));
  const apply = (t: TicketView) => edit((b) => applyTicket(b, t, { queueIds, moving }));

  useChannel(channel.ticket(companyId), ({ data }) => {
    if (data.action === 'update') apply(data.ticket);
    else if (data.action === 'delete' || data.action === 'removeFromList') edit((b) => removeCard(b, data.ticketId));
  });
  useChannel(channel.appMessage(companyId), ({ data }) => {
    if (data.action === 'create') apply(data.ticket);
  });
  useOnReconnect(() => void qc.invalidateQueries({ queryKey: key }));
}
