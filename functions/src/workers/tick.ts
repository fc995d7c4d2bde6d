/**
 * The EventBridge tick (every minute), at the event's time: users whose last status ping is older
 * than the grace period are marked offline and their company is told; idle open tickets of the
 * companies with `hoursCloseTicketsAuto` are closed (domain/tickets/auto-close.ts); rating waits
 * that ran out send the completion message (domain/ratings/expire-rating-waits.ts); scheduled messages
 * due through now are queued for their sender (domain/schedules/queue-due.ts); once a day the
 * invoices due within 10 days are issued (domain/billing/issue-invoices.ts); deleted tags still on
 * tickets are taken off them (domain/tags/tag-cleanup.ts); programmed campaigns start and running
 * ones queue their next sends (domain/campaigns/tick.ts). Each job runs
 * even when another fails (logged); the tick itself fails only when every job did.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import middy from '@middy/core';
import { issueInvoices } from '../domain/billing/issue-invoices';
import { runCampaigns } from '../domain/campaigns/tick';
import { expireRatingWaits } from '../domain/ratings/expire-rating-waits';
import { queueDueSchedules } from '../domain/schedules/queue-due';
import { finishTagDeletions } from '../domain/tags/tag-cleanup';
import { closeIdleTickets } from '../domain/tickets/auto-close';
import { sweepOnlineUsers } from '../domain/users/online';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

type TickResult = { offline: number; autoClosed: number; ratingWaitsExpired: number; invoicesIssued: number; schedulesQueued: number; tagsDeleted: number; campaignSendsQueued: number };

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, TickResult>().use(invocationContext()).handler(async (event) => {
  const time = new Date(event.time);
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const jobs = {
    offline: () => sweepOnlineUsers(),
    autoClosed: () => closeIdleTickets(now),
    ratingWaitsExpired: () => expireRatingWaits(now),
    invoicesIssued: () => issueInvoices(now),
    schedulesQueued: () => queueDueSchedules(now),
    tagsDeleted: () => finishTagDeletions(),
    campaignSendsQueued: () => runCampaigns(now),
  };
  const names = Object.keys(jobs) as (keyof TickResult)[];
  const settled = await Promise.allSettled(names.map((name) => jobs[name]()));
  const result = { offline: 0, autoClosed: 0, ratingWaitsExpired: 0, invoicesIssued: 0, schedulesQueued: 0, tagsDeleted: 0, campaignSendsQueued: 0 };
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled') result[names[i]!] = r.value;
    else log.error('tick: job failed', { job: names[i], err: String(r.reason) });
  });
  if (settled.every((r) => r.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  if (Object.values(result).some(Boolean)) log.info('tick', result);
  return result;
});
