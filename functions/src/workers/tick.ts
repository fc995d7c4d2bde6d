/**
 * The EventBridge tick (every minute): users whose last status ping is older than the grace
 * period are marked offline and their company is told; idle open tickets of the companies with
 * `hoursCloseTicketsAuto` are closed (domain/tickets/auto-close.ts). Each job runs even when
 * another fails (logged); the tick itself fails only when every job did.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import middy from '@middy/core';
import { closeIdleTickets } from '../domain/tickets/auto-close';
import { sweepOnlineUsers } from '../domain/users/online';
import { log } from '../lib/log';

type TickResult = { offline: number; autoClosed: number };

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, TickResult>().handler(async (event) => {
  const now = new Date(event.time);
  const [offline, autoClosed] = await Promise.allSettled([sweepOnlineUsers(), closeIdleTickets(Number.isNaN(now.getTime()) ? new Date() : now)]);
  const failed = [offline, autoClosed].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  for (const f of failed) log.error('tick: job failed', { err: String(f.reason) });
  if (failed.length === 2) throw failed[0]!.reason;
  const result = { offline: offline.status === 'fulfilled' ? offline.value : 0, autoClosed: autoClosed.status === 'fulfilled' ? autoClosed.value : 0 };
  if (result.offline || result.autoClosed) log.info('tick', result);
  return result;
});
