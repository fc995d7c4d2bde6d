/** A ticket as the kanban board shows it (spec 3 §3 "Kanban ticket"): the server's pages and the SPA's live events make the same card. */
import { OPEN_LANE, type KanbanCard } from './schemas/tags';
import type { TicketView } from './schemas/tickets';

export function toKanbanCard(view: TicketView): KanbanCard {
  return {
    id: view.id,
    uuid: view.uuid,
    status: view.status,
    laneId: view.laneId ?? OPEN_LANE,
    tags: view.tags,
    contact: { id: view.contact.id, name: view.contact.name, number: view.contact.number, email: view.contact.email },
    lastMessage: view.lastMessage,
    queueId: view.queueId,
    userId: view.userId,
    updatedAt: view.updatedAt,
  };
}
