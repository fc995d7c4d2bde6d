/**
 * The EventBridge tick (every minute). For now: users whose last status ping is older than the
 * grace period are marked offline and their company is told. Later issues add scheduled work.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import middy from '@middy/core';
import { expireRatingWaits } from '../domain/ratings/expire-rating-waits';
import { sweepOnlineUsers } from '../domain/users/online';
import { log } from '../lib/log';

export const handler = middy<EventBridgeEvent<'Scheduled Event', unknown>, { offline: number }>().handler(async () => {
  const offline = await sweepOnlineUsers();
  if (offline) log.info('tick: users marked offline', { offline });
  await expireRatingWaits(new Date()).catch((err: unknown) => log.error('tick: rating waits not expired', { err: String(err) }));
  return { offline };
});
