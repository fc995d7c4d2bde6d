/**
 * The sessions a user has open: their refresh families, listed on the user item. `authenticate`
 * reads that item on every request anyway, so an access token whose session is not in the list is
 * refused at once (401 ERR_SESSION_ENDED) at no extra read; ending a session also deletes its
 * refresh family and closes its sockets.
 *
 * Ends: logout (that session), password change or reset (every session, but the one that changed
 * its own password), deletion of the user (every socket; the item and its list are gone), and a
 * login: one user, one session (spec 1 §4: an account accessed on another computer is signed out
 * there), so a new login ends the others, whether or not their browser is there to hear it.
 */
import { channel } from '@conversa/shared/realtime';
import { deleteFamily } from '../../adapters/db/sessions';
import { getUser, patchUser, type User } from '../../adapters/db/users';
import { companyConnections } from '../../adapters/db/ws-connections';
import { closeConnection, sendTo } from '../../adapters/realtime';
import { AppError } from '../../lib/app-error';

/** Applies a change to the user's list, reading the user again when another write came first. */
async function changeSessions(companyId: number, userId: number, first: User | undefined, change: (list: string[]) => string[]): Promise<string[]> {
  let user = first;
  for (let attempt = 0; attempt < 5; attempt++) {
    user ??= await getUser(companyId, userId, true);
    if (!user) return [];
    const before = user.sessions ?? [];
    const after = change(before);
    try {
      if (user.sessions === undefined || after.length !== before.length || after.some((f, i) => f !== before[i])) await patchUser(user, { sessions: after });
      return before.filter((f) => !after.includes(f));
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'ERR_CONFLICT')) throw err;
      user = undefined;
    }
  }
  throw new AppError('ERR_CONFLICT');
}

/**
 * Closes the user's sockets that `which` picks, telling each first (`-auth` `ended`) so its app goes
 * to login; `tell: false` when they were already told why (a login elsewhere: `-auth` `update`).
 */
export async function closeSockets(companyId: number, userId: number, which: (family: string | undefined) => boolean, tell = true): Promise<void> {
  const mine = (await companyConnections(companyId)).filter((c) => c.userId === userId && which(c.family));
  await Promise.all(
    mine.map(async (c) => {
      if (tell) await sendTo(c, { id: `ended-${c.connectionId}`, channel: channel.auth(companyId), companyId, data: { action: 'ended', user: { id: userId }, sessionId: c.family ?? '' } });
      await closeConnection(c);
    }),
  );
}

async function ended(companyId: number, userId: number, families: string[]): Promise<void> {
  if (!families.length) return;
  await Promise.all(families.map((f) => deleteFamily(companyId, f)));
  // A socket opened before sockets knew their session (no family) is closed too: it reconnects if still valid.
  await closeSockets(companyId, userId, (f) => f === undefined || families.includes(f));
}

/**
 * Lists a login's new session on the user as the only one (before its first token is handed out),
 * and answers the sessions it replaced. Their refresh families are deleted at once; their sockets
 * are left to `replaced` (issue-session.ts), which tells them why before closing them.
 */
export async function startOnlySession(user: User, family: string): Promise<string[]> {
  const dropped = await changeSessions(user.companyId, user.id, user, () => [family]);
  await Promise.all(dropped.map((f) => deleteFamily(user.companyId, f)));
  return dropped;
}

/** Closes the sockets of sessions a login replaced, after they were told (`-auth` `update`). */
export const closeReplaced = (companyId: number, userId: number, families: string[]): Promise<void> =>
  families.length ? closeSockets(companyId, userId, (f) => f === undefined || families.includes(f), false) : Promise.resolve();

/** Ends one session (logout). */
export async function endSession(companyId: number, userId: number, family: string): Promise<void> {
  const dropped = await changeSessions(companyId, userId, undefined, (list) => list.filter((f) => f !== family));
  await ended(companyId, userId, dropped.length ? dropped : [family]);
}

/** Ends every session of the user but `keep` (the caller's own, when they changed their own password). */
export async function endAllSessions(companyId: number, userId: number, keep?: string): Promise<void> {
  const dropped = await changeSessions(companyId, userId, undefined, (list) => list.filter((f) => f === keep));
  await ended(companyId, userId, dropped);
}

/**
 * Whether a token of this session may still be used. A user item from before sessions were listed
 * (no `sessions` at all) accepts its tokens until its first login, logout or new password writes
 * the list, so a deploy signs nobody out; from then on only listed sessions count.
 */
export function sessionOpen(user: User, family: string): boolean {
  return user.sessions === undefined || user.sessions.includes(family);
}
