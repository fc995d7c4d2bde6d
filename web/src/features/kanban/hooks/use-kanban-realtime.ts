import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useChannel, useOnReconnect } from '../../../lib/realtime';
import { getTagsQueryOptions, tagListsKey, type TagOption } from '../../../lib/get-tags';
import { kanbanKey, type KanbanQueryKey } from '../api/get-kanban';
import { applyTicket, removeCard, type Board } from '../lib/board';

/**
 * Keeps the boards live: `company-{id}-ticket` update (another user's move, a status or queue
 * change, a new ticket) and `-appMessage` create (the last message) move or refresh the card;
 * delete and removeFromList take it off. The server sends each user only the tickets they may see.
 * Every cached board is kept (each with its queue filter), so going back to another filter shows it
 * current. `company-{id}-tag` changes of lanes read the lanes list again. After a reconnect the boards are read again (events may have been missed).
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
  // Lanes made, renamed, recoloured or deleted elsewhere: the lanes list is read again. A tag's
  // update that changes none of that (its ticket count moving) reads nothing.
  useChannel(channel.tag(companyId), ({ data }) => {
    const lanes = qc.getQueryData<TagOption[]>(getTagsQueryOptions(1).queryKey);
    if (data.action === 'update') {
      const held = lanes?.find((l) => l.id === data.tag.id);
      const isLane = data.tag.kanban !== 0;
      if (held ? isLane && held.name === data.tag.name && held.color === data.tag.color : !isLane) return;
    }
    void qc.invalidateQueries({ queryKey: tagListsKey });
  });

  useOnReconnect(() => void qc.invalidateQueries({ queryKey: kanbanKey }));
}
