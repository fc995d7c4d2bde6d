import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useChannel, useOnReconnect } from '../../../lib/realtime';
import { kanbanKey, type KanbanQueryKey } from '../api/get-kanban';
import { applyTicket, removeCard, type Board } from '../lib/board';

/**
 * Keeps the boards live: `company-{id}-ticket` update (another user's move, a status or queue
 * change, a new ticket) and `-appMessage` create (the last message) move or refresh the card;
 * delete and removeFromList take it off. The server sends each user only the tickets they may see.
 * Every cached board is kept (each with its queue filter), so going back to another filter shows it
 * current. After a reconnect the boards are read again (events may have been missed).
 */
export function useKanbanRealtime(companyId: number, moving: ReadonlyMap<number, number>): void {
  const qc = useQueryClient();
  const edit = (f: (b: Board, queueIds: readonly number[]) => Board) => {
    for (const [key, b] of qc.getQueriesData<Board>({ queryKey: kanbanKey })) if (b) qc.setQueryData(key, f(b, (key as KanbanQueryKey)[2].queueIds));
  };
  const apply = (t: TicketView) => edit((b, queueIds) => applyTicket(b, t, { queueIds, moving }));

  useChannel(channel.ticket(companyId), ({ data }) => {
    if (data.action === 'update') apply(data.ticket);
    else if (data.action === 'delete' || data.action === 'removeFromList') edit((b) => removeCard(b, data.ticketId));
  });
  useChannel(channel.appMessage(companyId), ({ data }) => {
    if (data.action === 'create') apply(data.ticket);
  });

  useOnReconnect(() => void qc.invalidateQueries({ queryKey: kanbanKey }));
}
