/**
 * Tags on a ticket (spec 1 §7 "ticket-tags", "tags/sync"; spec 3 §4 "Kanban move between lanes"):
 * the ticket keeps the ids of its tags and its lane, the one lane tag among them. Every way of
 * changing them (the tags editor, PUT/DELETE /ticket-tags, POST /tags/sync, a card moved on the
 * board) goes through `changeTicketTags`: one transition writes the tags, the lane, the tags'
 * memberships and counters (adapters/db/tags.ts tagMoves); then, when the lane changed, the lane's
 * campaign rules run (domain/tags/lane-campaign.ts). An unknown or deleted tag is ERR_NO_TAG_FOUND.
 */
import { toKanbanCard } from '@conversa/shared/kanban';
import { OPEN_LANE, type KanbanMoveResult, type LaneCampaignOutcome } from '@conversa/shared/schemas/tags';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { getTags, listTags, type Tag } from '../../adapters/db/tags';
import { transitionTicket, type Ticket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { toTagRecord } from '../tags/tag-record';

/** A lane's campaign rules (and the schedules they write) load when a lane move needs them. */
const applyLaneCampaign: typeof import('../tags/lane-campaign').applyLaneCampaign = async (...args) => (await import('../tags/lane-campaign')).applyLaneCampaign(...args);
import { ticketChanged } from './ticket-events';
import { loadTicketFor, toTicketView } from './ticket-view';

/** At most this many tags on one ticket (its status changes move one membership per tag, in one transaction). */
export const MAX_TICKET_TAGS = 20;

/** GET /tags/list: the company's tags (the lanes only with `kanban` 1, the plain tags with 0) as pickers show them. */
export async function tagOptions(companyId: number, kanban?: number): Promise<Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>[]> {
  return (await listTags(companyId, kanban)).map(({ id, name, color, kanban }) => ({ id, name, color, kanban }));
}

/**
 * The tags a ticket ends with and its lane: a ticket is in one lane at most, so when the new list
 * names several lanes the one it was not in already wins (a card moved keeps only its new lane).
 */
export function settleLane(ids: number[], tags: ReadonlyMap<number, Pick<Tag, 'kanban'>>, currentLane: number | undefined): { tagIds: number[]; laneId: number | undefined } {
  const lanes = ids.filter((id) => (tags.get(id)?.kanban ?? 0) !== 0);
  const laneId = lanes.length <= 1 ? lanes[0] : (lanes.filter((id) => id !== currentLane).at(-1) ?? lanes.at(-1));
  return { tagIds: ids.filter((id) => (tags.get(id)?.kanban ?? 0) === 0 || id === laneId), laneId };
}

export type TagsChanged = { ticket: Ticket; view: TicketView; fromLane: number; toLane: number; campaign: LaneCampaignOutcome };

/**
 * Changes a ticket's tags with `change` (from its current ids) and applies the lane rules. `lane`:
 * a card move names the lane outright (0 = 'Em aberto'), its other tags kept.
 */
export async function changeTicketTags(auth: AuthContext, ticketId: number, change: (current: number[], ticket: Ticket) => number[], opts: { now?: Date; random?: () => number; check?: (t: Ticket) => void } = {}): Promise<TagsChanged> {
  const { ticket } = await loadTicketFor(auth, ticketId);
  opts.check?.(ticket);
  const wanted = [...new Set(change(ticket.tagIds ?? [], ticket))];
  const known = await getTags(auth.companyId, wanted);
  if (known.length !== wanted.length) throw new AppError('ERR_NO_TAG_FOUND');
  const byId = new Map(known.map((t) => [t.id, t]));
  const { tagIds, laneId } = settleLane(wanted, byId, ticket.laneId);
  if (tagIds.length > MAX_TICKET_TAGS) throw new AppError('ERR_TOO_MANY_TAGS');
  const after: Ticket = { ...ticket, tagIds: tagIds.length ? tagIds : undefined, laneId };
  // The same tags and lane (a card dropped where it was): nothing is written or announced.
  const unchanged = JSON.stringify(ticket.tagIds ?? []) === JSON.stringify(tagIds) && ticket.laneId === laneId;
  if (!unchanged) {
    const outcome = await transitionTicket(ticket, after, { relist: false });
    // No lock change here: a failed condition past the ticket's own is a tag deleted meanwhile.
    if (outcome === 'locked') throw new AppError('ERR_NO_TAG_FOUND');
    if (outcome !== 'ok') throw new AppError('ERR_CONFLICT');
  }
  const view = await toTicketView(after);
  if (!unchanged) {
    await ticketChanged('ticket.updated', ticket, after, 'user', { ticket: after, view });
    await announceTagCounts(auth.companyId, ticket.tagIds ?? [], tagIds);
  }
  const fromLane = ticket.laneId ?? OPEN_LANE;
  const toLane = laneId ?? OPEN_LANE;
  const campaign: LaneCampaignOutcome =
    fromLane === toLane
      ? { kind: 'none' }
      : await applyLaneCampaign({ ticket: after, contactName: view.contact.name, toLane, lane: laneId ? byId.get(laneId) : undefined, userId: auth.userId, now: opts.now ?? new Date(), random: opts.random });
  return { ticket: after, view, fromLane, toLane, campaign };
}

/** The tags a ticket took or left, told to the tags lists with their new ticket count. */
export async function announceTagCounts(cid: number, before: number[], after: number[]): Promise<void> {
  const touched = [...before.filter((id) => !after.includes(id)), ...after.filter((id) => !before.includes(id))];
  if (!touched.length) return;
  for (const tag of await getTags(cid, touched, { consistent: true })) {
    await emit({ type: 'tag.saved', companyId: cid, tagId: tag.id, created: false }, { view: toTagRecord(tag) });
  }
}

/** PUT /ticket-tags, DELETE /ticket-tags, POST /tags/sync: the ticket as the lists show it. */
export async function setTicketTags(auth: AuthContext, ticketId: number, change: (current: number[]) => number[]): Promise<TicketView> {
  return (await changeTicketTags(auth, ticketId, change)).view;
}

/**
 * POST /ticket/kanban/{ticketId}/move: the card into lane `laneId` (0 = 'Em aberto': the ticket's
 * lane tag comes off, its other tags stay). Answers the card, the lane it left, what the lane's
 * campaign did (the SPA words the toasts in the user's language: web features/kanban/lib/campaign-toasts.ts). A resolved ticket is not on the board.
 */
export async function moveTicketToLane(auth: AuthContext, ticketId: number, laneId: number, opts: { now?: Date; random?: () => number } = {}): Promise<KanbanMoveResult> {
  let lane: Tag | undefined;
  if (laneId !== OPEN_LANE) {
    [lane] = await getTags(auth.companyId, [laneId]);
    if (!lane || lane.kanban === 0) throw new AppError('ERR_NO_LANE_FOUND');
  }
  const done = await changeTicketTags(auth, ticketId, (ids, ticket) => [...ids.filter((id) => id !== ticket.laneId), ...(laneId === OPEN_LANE ? [] : [laneId])], {
    ...opts,
    check: (t) => {
      if (t.status === 'closed') throw new AppError('ERR_TICKET_CLOSED_KANBAN');
    },
  });
  // The same lane again: the campaign is not started twice; its state is told as it is.
  let campaign = done.campaign;
  if (done.fromLane === done.toLane && lane) {
    if (lane.actCamp === 1) campaign = await applyLaneCampaign({ ticket: done.ticket, contactName: done.view.contact.name, toLane: laneId, lane, userId: auth.userId, now: opts.now ?? new Date(), random: opts.random, sameLane: true });
  }
  return { card: toKanbanCard(done.view), fromLaneId: done.fromLane, campaign };
}
