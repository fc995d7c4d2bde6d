/**
 * Rating waits that ran out (BEHAVIOUR.md "Agent actions": "Rating waits expire after a timeout
 * and then send the completion message"), run by the tick every minute. Due waits come from the
 * due-time index `P#DUE#RATING` (never a scan). Idempotent: the wait ends in a transaction that
 * marks the due item `expired`; the completion message is keyed by the wait and sent at its
 * `until`, so a second tick — or one after a crash — sends nothing twice; the item goes last.
 */
import { deleteDue, dueWaits, endRatingWait, expireRatingWait, type DueWait } from '../../adapters/db/ratings';
import { getTicket } from '../../adapters/db/tickets';
import { log } from '../../lib/log';
import { sendCompletion, startedAfterClose } from './rating-wait';

const PAGE = 100;
const MAX_PAGES = 10;

/** True when this call ended the wait (and sent the completion message). */
async function expire(d: DueWait): Promise<boolean> {
  const ticket = await getTicket(d.companyId, d.ticketId);
  const completion = { idempotencyKey: `rating-timeout:${d.ticketId}:${d.until}`, at: new Date(d.until) };
  if (d.expired) {
    // Ended by an earlier tick that stopped before the message: send it (once) and finish.
    if (ticket) await sendCompletion(ticket, completion);
    await deleteDue(d);
    return false;
  }
  const wait = ticket?.ratingWait?.until === d.until ? ticket.ratingWait : undefined;
  if (!ticket || !wait) {
    // Answered, or the wait never started (send-rating.ts puts the item first).
    await deleteDue(d);
    return false;
  }
  if (!startedAfterClose(ticket, wait)) {
    // Reopened since: the wait is a leftover, and the customer is talking to an agent.
    await endRatingWait(d.companyId, d.ticketId, d.until, { anyStatus: true });
    await deleteDue(d);
    return false;
  }
  if (!(await expireRatingWait(d))) return false;
  await sendCompletion(ticket, completion);
  await deleteDue(d);
  return true;
}

/** Ends every rating wait due at `now`; answers how many it ended. */
export async function expireRatingWaits(now: Date): Promise<number> {
  let ended = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await dueWaits(now, PAGE);
    for (const d of due) {
      try {
        if (await expire(d)) ended++;
      } catch (err) {
        log.error('rating wait not expired', { companyId: d.companyId, ticketId: d.ticketId, until: d.until, err: String(err) });
      }
    }
    if (due.length < PAGE) break;
  }
  if (ended) log.info('tick: rating waits expired', { ended });
  return ended;
}
