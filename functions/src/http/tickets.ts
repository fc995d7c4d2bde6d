/** Tickets, tags on tickets and the dashboard (spec 1 §2, §4, §7): HTTP ⇄ domain only. */
import { IdParam } from '@conversa/shared/schemas/common';
import { DashboardQuery, DashboardRangeQuery } from '@conversa/shared/schemas/dashboard';
import { CreateGroupBody, CreateTicketBody, GroupRequestParam, ListTicketsQuery, PresenceBody, TagsListQuery, TagsSyncBody, TicketIdOnlyParam, TicketTagParams, TicketUuidParam, UpdateTicketBody } from '@conversa/shared/schemas/tickets';
import { createTicket } from '../domain/tickets/create-ticket';
import { dashboard, ticketsByDay, ticketsByUser } from '../domain/tickets/dashboard';
import { deleteTicket } from '../domain/tickets/delete-ticket';
import { firstReads, listTickets } from '../domain/tickets/list-tickets';
import { openTicket } from '../domain/tickets/open-ticket';
import { createGroupAndTicket, groupRequest, sendPresence } from '../domain/tickets/presence-and-group';
import { moveTicketToLane, setTicketTags, tagOptions } from '../domain/tickets/ticket-tags';
import { kanbanBoard, kanbanLane, ticketsByTag } from '../domain/tickets/kanban';
import { KanbanMoveBody, KanbanMoveParams, KanbanQuery, TagIdParam } from '@conversa/shared/schemas/tags';
import { updateTicket } from '../domain/tickets/update-ticket';
import { stopTicketFlow } from '../domain/flows/stop-flow';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';

export const handler = groupHandler('tickets', {
  'GET /tickets': endpoint({ query: ListTicketsQuery }, ({ auth, query, early }) => listTickets(auth, query, early), { early: ({ companyId, query }: { companyId: number; query: ListTicketsQuery }) => firstReads(companyId, query) }),
  'GET /tickets/{id}': endpoint({ params: IdParam }, ({ auth, params }) => openTicket(auth, { id: params.id })),
  'GET /tickets/u/{uuid}': endpoint({ params: TicketUuidParam }, ({ auth, params }) => openTicket(auth, { uuid: params.uuid })),
  'POST /tickets': endpoint({ body: CreateTicketBody }, async ({ auth, body }) => reply({ status: 201, body: await createTicket(auth, body) })),
  'PUT /tickets/{id}': endpoint({ params: IdParam, body: UpdateTicketBody }, ({ auth, params, body }) => updateTicket(auth, params.id, body)),
  'DELETE /tickets/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteTicket(auth, params.id);
    return reply({ status: 204 });
  }),
  'DELETE /tickets/{id}/flow': endpoint({ params: IdParam }, ({ auth, params }) => stopTicketFlow(auth, params.id)),
  'PUT /tickets/presence/{ticketId}': endpoint({ params: TicketIdOnlyParam, body: PresenceBody }, async ({ auth, params, body }) => {
    await sendPresence(auth, params.ticketId, body.presence, body.whatsappId);
    return reply({ status: 204 });
  }),
  'POST /creatGroupAndTicket': endpoint({ body: CreateGroupBody }, async ({ auth, body }) => reply({ status: 202, body: await createGroupAndTicket(auth, body) })),
  'GET /creatGroupAndTicket/{requestId}': endpoint({ params: GroupRequestParam }, ({ auth, params }) => groupRequest(auth, params.requestId)),
  'PUT /ticket-tags/{ticketId}/{tagId}': endpoint({ params: TicketTagParams }, ({ auth, params }) => setTicketTags(auth, params.ticketId, (ids) => [...ids, params.tagId])),
  'DELETE /ticket-tags/{ticketId}': endpoint({ params: TicketIdOnlyParam }, ({ auth, params }) => setTicketTags(auth, params.ticketId, () => [])),
  'POST /tags/sync': endpoint({ body: TagsSyncBody }, ({ auth, body }) => setTicketTags(auth, body.ticketId, () => body.tags.map((t) => t.id))),
  'GET /tags/list': endpoint({ query: TagsListQuery }, ({ auth, query }) => tagOptions(auth.companyId, query.kanban)),
  'GET /ticket/kanban': endpoint({ query: KanbanQuery }, ({ auth, query }) => (query.laneId === undefined ? kanbanBoard(auth, query) : kanbanLane(auth, query.laneId, query))),
  'POST /ticket/kanban/{ticketId}/move': endpoint({ params: KanbanMoveParams, body: KanbanMoveBody }, ({ auth, params, body }) => moveTicketToLane(auth, params.ticketId, body.laneId)),
  'GET /api/ticket/ListByTagIsAuth/{tagId}': endpoint({ params: TagIdParam }, ({ auth, params }) => ticketsByTag(auth, params.tagId)),
  'GET /dashboard': endpoint({ query: DashboardQuery }, ({ auth, query }) => dashboard(auth, query)),
  'GET /dashboard/ticketsUsers': endpoint({ query: DashboardRangeQuery }, ({ auth, query }) => ticketsByUser(auth, query)),
  'GET /dashboard/ticketsDay': endpoint({ query: DashboardRangeQuery }, ({ auth, query }) => ticketsByDay(auth, query)),
});
