import { USER_ONLINE_GRACE_MS } from '@conversa/shared/constants';
import { onlineSince, setOnlineFlag } from '../../adapters/db/users';
import { emit } from '../events/dispatch';

/** Sets the flag; the company hears about it only when it changes. */
export async function markOnline(companyId: number, userId: number, online: boolean): Promise<void> {
  const was = await setOnlineFlag(companyId, userId, online);
  if (was === undefined || was === online) return; // unchanged, or the user is gone
  await emit({ type: 'user.status', companyId, userId, online }, {});
}

/** Marks offline every user whose last ping is older than the grace period. */
export async function sweepOnlineUsers(now = Date.now()): Promise<number> {
  const stale = await onlineSince(new Date(now - USER_ONLINE_GRACE_MS).toISOString());
  for (const u of stale) await markOnline(u.companyId, u.id, false);
  return stale.length;
}
