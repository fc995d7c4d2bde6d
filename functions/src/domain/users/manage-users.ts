/**
 * Users of a company (spec 1 §5, spec 2 §5): list, create, edit, delete, within the plan's
 * user limit and never leaving the company without an admin.
 */
import { isAdmin } from '@conversa/shared/roles';
import type { CreateUserBody, UpdateUserBody } from '@conversa/shared/schemas/users';
import type { Page } from '@conversa/shared/schemas/common';
import { nextId } from '../../adapters/db/counters';
import { missingConnections, missingQueues } from '../../adapters/db/references';
import { allUsers, createUser, deleteUser, getUser, patchUser, publicUser, updateUser, type User } from '../../adapters/db/users';
import { newUser } from './new-user';
import { emit } from '../events/dispatch';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../auth/passwords';
import { closeSockets, endAllSessions } from '../auth/sessions';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

export type UserOut = ReturnType<typeof publicUser>;

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** A company has at most its plan's users (tens), so search and pages run over one Query. */
export async function listUsers(companyId: number, search: string | undefined, cursor: string | undefined, limit: number): Promise<Page<UserOut>> {
  const term = fold(search?.trim() ?? '');
  const all = (await allUsers(companyId))
    .filter((u) => !term || fold(u.name).includes(term) || u.email.includes(term))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const offset = cursor && /^\d{1,6}$/.test(cursor) ? Number(cursor) : 0;
  const items = all.slice(offset, offset + limit).map(publicUser);
  const hasMore = offset + limit < all.length;
  return { items, hasMore, ...(hasMore ? { cursor: String(offset + limit) } : {}) };
}

export async function userNames(companyId: number): Promise<{ id: number; name: string }[]> {
  return (await allUsers(companyId)).map((u) => ({ id: u.id, name: u.name })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function findUser(auth: AuthContext, id: number): Promise<User> {
  if (id !== auth.userId && !isAdmin(auth.user)) throw new AppError('ERR_NO_PERMISSION');
  const user = await getUser(auth.companyId, id, true);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

/** GET /users/{id}: the caller's own record, or any user of the company for an admin. */
export async function showUser(auth: AuthContext, id: number): Promise<UserOut> {
  return publicUser(await findUser(auth, id));
}

async function checkReferences(companyId: number, queueIds: number[] | undefined, whatsappId: number | null | undefined): Promise<void> {
  const issues = [
    ...(await missingQueues(companyId, queueIds ?? [])).map((id) => ({ path: 'body.queueIds', message: `unknown queue ${id}` })),
    ...(whatsappId ? (await missingConnections(companyId, [whatsappId])).map((id) => ({ path: 'body.whatsappId', message: `unknown connection ${id}` })) : []),
  ];
  if (issues.length) throw new AppError('ERR_VALIDATION', issues);
}

/** `user.created` / `user.updated` after the write, with the record as the API shows it. */
const announce = (companyId: number, type: 'user.created' | 'user.updated', user: UserOut) => emit({ type, companyId, userId: user.id }, { user });

export async function addUser(auth: AuthContext, input: CreateUserBody): Promise<UserOut> {
  await checkReferences(auth.companyId, input.queueIds, input.whatsappId);
  const { password, ...fields } = input;
  const user = newUser({ ...fields, id: await nextId(auth.companyId, 'user'), companyId: auth.companyId, passwordHash: await hashPassword(password) });
  await createUser(user, auth.plan.users);
  await recordAudit(auth, { action: 'user.create', target: user, after: user });
  const out = publicUser(user);
  await announce(auth.companyId, 'user.created', out);
  return out;
}

/** Fields a user may change on their own record without the admin role. */
const SELF_EDITABLE = new Set(['password', 'farewellMessage', 'startWork', 'endWork']);

export async function editUser(auth: AuthContext, id: number, patch: UpdateUserBody): Promise<UserOut> {
  const admin = isAdmin(auth.user);
  if (!admin) {
    if (id !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
    const before = await findUser(auth, id);
    // Sending back an unchanged value is fine; changing a protected field is not.
    const forbidden = Object.entries(patch).filter(([k, v]) => !SELF_EDITABLE.has(k) && JSON.stringify(v) !== JSON.stringify((before as Record<string, unknown>)[k]));
    if (forbidden.length) throw new AppError('ERR_NO_PERMISSION');
  }
  const before = await findUser(auth, id);
  await checkReferences(auth.companyId, patch.queueIds, patch.whatsappId);
  const { password, ...rest } = patch;
  const after = await updateUser(before, { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}) });
  await recordAudit(auth, { action: 'user.update', target: after, before, after });
  // A new password ends the user's other sessions (the caller's own stays when it is theirs).
  if (password) await endAllSessions(auth.companyId, id, id === auth.userId ? auth.family : undefined);
  const out = publicUser(after);
  await announce(auth.companyId, 'user.updated', out);
  return out;
}

export async function removeUser(auth: AuthContext, id: number): Promise<void> {
  const user = await getUser(auth.companyId, id, true);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.super && !auth.user.super) throw new AppError('ERR_NO_PERMISSION');
  await deleteUser(user);
  await recordAudit(auth, { action: 'user.delete', target: user, before: user });
  await closeSockets(auth.companyId, id, () => true);
  await emit({ type: 'user.deleted', companyId: auth.companyId, userId: id }, {});
}

/** DELETE /users/{id}/2fa: an admin turns a user's second factor off (a lost phone); with the company's rule on, the user enrols again at the next login. */
export async function resetTwoFactor(auth: AuthContext, id: number): Promise<void> {
  const user = await findUser(auth, id);
  if (!user.totp && !user.totpPending) throw new AppError('ERR_2FA_NOT_ENABLED');
  const after = await patchUser(user, { totp: undefined, totpPending: undefined });
  await recordAudit(auth, { action: 'user.twoFactorReset', target: user, before: { twoFactor: Boolean(user.totp) }, after: { twoFactor: false } });
  await announce(auth.companyId, 'user.updated', publicUser(after));
}
