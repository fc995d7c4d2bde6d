/**
 * The second half of deleting a tag (adapters/db/tags.ts): once marked `deleting` it is hidden and
 * no ticket may take it; here it comes off every ticket that carries it, one transition each (the
 * memberships and counters move with it; a ticket in the deleted lane goes back to 'Em aberto' and
 * the lane's pending campaign schedules of its contact go), and then the tag item goes. The DELETE
 * request runs a first share; the tick finishes what is left (a lane with thousands of tickets), so
 * a deletion never holds a request long and survives a crash halfway.
 */
import { batchWrite } from '../../adapters/db/batch';
import { memberKey, membersPage, pendingTagCleanups, removeDeletedTag } from '../../adapters/db/tags';
import { getTicket, transitionTicket, type Ticket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { deleteSchedulesOf } from '../schedules/manage-schedules';
import { ticketChanged } from '../tickets/ticket-events';
import { toTicketView } from '../tickets/ticket-view';

const PAGE = 50;

/** Takes the tag off at most `maxTickets` tickets; 'done' once none carries it and the tag is gone. */
export async function cleanupDeletedTag(cid: number, tagId: number, maxTickets: number): Promise<'done' | 'more'> {
  let handled = 0;
  for (;;) {
    // Each ticket handled leaves the partition, so every page is read from its start.
    const { members } = await membersPage(cid, tagId, { activeOnly: false, limit: Math.min(PAGE, maxTickets - handled) || 1 });
    if (!members.length) {
      await removeDeletedTag(cid, tagId);
      return 'done';
    }
    if (handled >= maxTickets) return 'more';
    for (const m of members) {
      await untag(cid, tagId, m.ticketId);
      handled++;
    }
  }
}

async function untag(cid: number, tagId: number, ticketId: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const ticket = await getTicket(cid, ticketId);
    if (!ticket || !(ticket.tagIds ?? []).includes(tagId)) {
      // A membership without its ticket (or left by an older write): only the item goes.
      await batchWrite([true, false].map((active) => ({ DeleteRequest: { Key: memberKey(cid, tagId, active, ticketId) } })), 'tag membership');
      return;
    }
    const tagIds = ticket.tagIds!.filter((id) => id !== tagId);
    const after: Ticket = { ...ticket, tagIds: tagIds.length ? tagIds : undefined, laneId: ticket.laneId === tagId ? undefined : ticket.laneId };
    if ((await transitionTicket(ticket, after, { relist: false })) !== 'ok') continue;
    if (ticket.laneId === tagId) await deleteSchedulesOf(cid, ticket.contactId, (s) => s.campId === tagId);
    await ticketChanged('ticket.updated', ticket, after, 'platform', async () => ({ ticket: after, view: await toTicketView(after) }));
    return;
  }
  throw new Error(`tag ${tagId}: ticket ${ticketId} kept changing`);
}

/** The tick's job: every pending deletion a share at a time. Answers the tags finished. */
export async function finishTagDeletions(opts: { maxTickets?: number } = {}): Promise<number> {
  let done = 0;
  for (const p of await pendingTagCleanups(20)) {
    try {
      if ((await cleanupDeletedTag(p.companyId, p.tagId, opts.maxTickets ?? 500)) === 'done') done++;
    } catch (err) {
      log.error('tag deletion: cleanup failed', { companyId: p.companyId, tagId: p.tagId, err: String(err) });
    }
  }
  return done;
}
