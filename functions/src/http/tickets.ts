/** Tickets, tags on tickets and the dashboard (spec 1 §2, §4, §7): HTTP ⇄ domain only. */
import { IdParam } from '@conversa/shared/schemas/common';
import { DashboardQuery, DashboardRangeQuery } from '@conversa/shared/schemas/dashboard';
import { CreateGroupBody, CreateTicketBody, GroupRequestParam, ListTicketsQuery, PresenceBody, TagsListQuery, TagsSyncBody, TicketIdOnlyParam, TicketTagParams, TicketUuidParam, UpdateTicketBody } from '@conversa/shared/schemas/tickets';
import { createTicket } from '../domain/tickets/create-ticket';
import { deleteTicket } from '../domain/tickets/delete-ticket';
import { firstReads, listTickets } from '../domain/tickets/list-tickets';
import { openTicket } from '../domain/tickets/open-ticket';
import { moveTicketToLane, setTicketTags, tagOptions } from '../domain/tickets/ticket-tags';
import { KanbanMoveBody, KanbanMoveParams, KanbanQuery, TagIdParam } from '@conversa/shared/schemas/tags';
import { updateTicket } from '../domain/tickets/update-ticket';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';

/**
 * The inbox's routes (list, open, update) are what a cold start must be quick for; the dashboard,
 * the kanban, presence and group creation load their modules on first use (then kept).
 */
const dashboards = () => import('../domain/tickets/dashboard');
const boards = () => import('../domain/tickets/kanban');
const presenceAndGroups = () => import('../domain/tickets/presence-and-group');

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
  // Rare (an agent stops a flow): its module loads when asked, out of the handler's cold start.
  'DELETE /tickets/{id}/flow': endpoint({ params: IdParam }, async ({ auth, params }) => (await import('../domain/flows/stop-flow')).stopTicketFlow(auth, params.id)),
  'PUT /tickets/presence/{ticketId}': endpoint({ params: TicketIdOnlyParam, body: PresenceBody }, async ({ auth, params, body }) => {
    await (await presenceAndGroups()).sendPresence(auth, params.ticketId, body.presence, body.whatsappId);
    return reply({ status: 204 });
  }),
  'POST /creatGroupAndTicket': endpoint({ body: CreateGroupBody }, async ({ auth, body }) => reply({ status: 202, body: await (await presenceAndGroups()).createGroupAndTicket(auth, body) })),
  'GET /creatGroupAndTicket/{requestId}': endpoint({ params: GroupRequestParam }, async ({ auth, params }) => (await presenceAndGroups()).groupRequest(auth, params.requestId)),
  'PUT /ticket-tags/{ticketId}/{tagId}': endpoint({ params: TicketTagParams }, ({ auth, params }) => setTicketTags(auth, params.ticketId, (ids) => [...ids, params.tagId])),
  'DELETE /ticket-tags/{ticketId}': endpoint({ params: TicketIdOnlyParam }, ({ auth, params }) => setTicketTags(auth, params.ticketId, () => [])),
  'POST /tags/sync': endpoint({ body: TagsSyncBody }, ({ auth, body }) => setTicketTags(auth, body.ticketId, () => body.tags.map((t) => t.id))),
  'GET /tags/list': endpoint({ query: TagsListQuery }, ({ auth, query }) => tagOptions(auth.companyId, query.kanban)),
  'GET /ticket/kanban': endpoint({ query: KanbanQuery }, async ({ auth, query }) => {
    const k = await boards();
    return query.laneId === undefined ? k.kanbanBoard(auth, query) : k.kanbanLane(auth, query.laneId, query);
  }),
  'POST /ticket/kanban/{ticketId}/move': endpoint({ params: KanbanMoveParams, body: KanbanMoveBody }, ({ auth, params, body }) => moveTicketToLane(auth, params.ticketId, body.laneId)),
  'GET /api/ticket/ListByTagIsAuth/{tagId}': endpoint({ params: TagIdParam }, async ({ auth, params }) => (await boards()).ticketsByTag(auth, params.tagId)),
  'GET /dashboard': endpoint({ query: DashboardQuery }, async ({ auth, query }) => (await dashboards()).dashboard(auth, query)),
  'GET /dashboard/ticketsUsers': endpoint({ query: DashboardRangeQuery }, async ({ auth, query }) => (await dashboards()).ticketsByUser(auth, query)),
  'GET /dashboard/ticketsDay': endpoint({ query: DashboardRangeQuery }, async ({ auth, query }) => (await dashboards()).ticketsByDay(auth, query)),
});
