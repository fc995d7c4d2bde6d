import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@conversa/shared/roles';
import { AppError } from '../../lib/app-error';
import { db, table } from './client';
import { counterKey } from './counters';
import { decodeCursor, encodeCursor, fromItem, keys, pad, partitions } from './keys';

export type User = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  passwordHash: string;
  queueIds: number[];
  whatsappId: number | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allUserChat: boolean;
  online: boolean;
  lastSeenAt?: string;
  createdAt: string;
  updatedAt: string;
  /** The refresh families (sessions) whose access tokens are accepted, oldest first (domain/auth/sessions.ts). */
  sessions?: string[];
  /** The TOTP second factor once enrolled (domain/auth/two-factor.ts): secret encrypted, recovery codes hashed. */
  totp?: TotpState;
  /** A secret being enrolled (encrypted), until its first code confirms it. */
  totpPending?: string;
};

export type TotpState = { secret: string; recovery: string[]; lastStep: number; enabledAt: string };

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toUser(item: Record<string, unknown>): User {
  const rest = fromItem(item);
  return rest as User;
}

export async function getUser(companyId: number, id: number, consistent = false): Promise<User | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.user(companyId, id), ConsistentRead: consistent }));
  return out.Item ? toUser(out.Item) : undefined;
}

/** The login index: e-mail → company and user. Platform-wide, so e-mails are unique across companies. */
export async function findByEmail(email: string): Promise<User | undefined> {
  const idx = await db().send(new GetCommand({ TableName: table(), Key: keys.email(email) }));
  if (!idx.Item) return undefined;
  return getUser(Number(idx.Item.companyId), Number(idx.Item.userId), true);
}

export async function listUsers(companyId: number, cursor: string | undefined, limit: number): Promise<{ items: User[]; cursor?: string }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partitions.users(companyId) },
      ExclusiveStartKey: decodeCursor(cursor, partitions.users(companyId)),
      Limit: limit,
    }),
  );
  return { items: (out.Items ?? []).map(toUser), cursor: encodeCursor(out.LastEvaluatedKey) };
}

/** Every user of a company (a company has tens, not thousands; the plan caps it). */
export async function allUsers(companyId: number): Promise<User[]> {
  const items: User[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUsers(companyId, cursor, 100);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

const counterAdd = (companyId: number, name: string, delta: number, condition?: { max?: number; min?: number }): TxItem => ({
  Update: {
    TableName: table(),
    Key: counterKey(companyId, name),
    UpdateExpression: 'ADD #v :d',
    ExpressionAttributeNames: { '#v': 'value' },
    ExpressionAttributeValues: {
      ':d': delta,
      ...(condition?.max !== undefined ? { ':max': condition.max } : {}),
      ...(condition?.min !== undefined ? { ':min': condition.min } : {}),
    },
    ...(condition?.max !== undefined ? { ConditionExpression: 'attribute_not_exists(#v) OR #v < :max' } : {}),
    ...(condition?.min !== undefined ? { ConditionExpression: '#v > :min' } : {}),
  },
});

/** Why a transaction was cancelled, by position: the first failed condition. */
function cancelledAt(err: unknown): number {
  if (err instanceof TransactionCanceledException) {
    return (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
  }
  return -1;
}

/**
 * Creates a user with its e-mail index, within the plan's user limit, in one transaction:
 * a duplicate e-mail or a full plan fails the whole write.
 */
export async function createUser(user: User, maxUsers: number, alsoPut: TxItem[] = []): Promise<void> {
  const items: TxItem[] = [
    { Put: { TableName: table(), Item: { ...keys.user(user.companyId, user.id), entity: 'user', ...user }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: table(), Item: { ...keys.email(user.email), entity: 'email', companyId: user.companyId, userId: user.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
    counterAdd(user.companyId, 'users', 1, { max: maxUsers }),
    ...alsoPut,
  ];
  if (user.profile === 'admin') items.push(counterAdd(user.companyId, 'admins', 1));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const at = cancelledAt(err);
    if (at === 1) throw new AppError('ERR_DUPLICATED_EMAIL');
    if (at === 2) throw new AppError('ERR_MAX_USERS_REACHED');
    if (at >= 0) throw new AppError('ERR_CONFLICT');
    throw err;
  }
}

export type { TxItem };

/**
 * Applies a change to a user. E-mail changes move the login index; a change that would leave
 * the company without an admin is refused by the admins counter's condition.
 */
export async function updateUser(before: User, patch: Partial<User>): Promise<User> {
  const after: User = { ...before, ...patch, updatedAt: new Date().toISOString() };
  const items: TxItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...keys.user(before.companyId, before.id), entity: 'user', ...after },
        // Optimistic lock: the item must still be what we read.
        ConditionExpression: 'updatedAt = :was',
        ExpressionAttributeValues: { ':was': before.updatedAt },
      },
    },
  ];
  let emailAt = -1;
  if (after.email !== before.email) {
    emailAt = items.length;
    items.push({ Put: { TableName: table(), Item: { ...keys.email(after.email), entity: 'email', companyId: after.companyId, userId: after.id }, ConditionExpression: 'attribute_not_exists(PK)' } });
    items.push({ Delete: { TableName: table(), Key: keys.email(before.email) } });
  }
  let adminAt = -1;
  if (before.profile === 'admin' && after.profile !== 'admin') {
    adminAt = items.length;
    items.push(counterAdd(before.companyId, 'admins', -1, { min: 1 }));
  } else if (before.profile !== 'admin' && after.profile === 'admin') {
    items.push(counterAdd(before.companyId, 'admins', 1));
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const at = cancelledAt(err);
    if (at === 0) throw new AppError('ERR_CONFLICT');
    if (at === emailAt) throw new AppError('ERR_DUPLICATED_EMAIL');
    if (at === adminAt) throw new AppError('ERR_LAST_ADMIN');
    throw err;
  }
  return after;
}

/** Fields `patchUser` may set or remove without touching the rest of the item. */
type Patchable = Pick<User, 'sessions' | 'totp' | 'totpPending'>;

/**
 * Sets (or, given undefined, removes) a few fields of a user with one UpdateItem, conditional on
 * the item being what `before` read (`updatedAt`, which it moves): ERR_CONFLICT otherwise, and a
 * full write of the user (updateUser) from an older read fails too, so neither undoes the other.
 */
export async function patchUser(before: User, patch: Partial<Patchable>): Promise<User> {
  const now = new Date().toISOString();
  const set: string[] = ['updatedAt = :now'];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now, ':was': before.updatedAt };
  for (const [k, v] of Object.entries(patch)) {
    names[`#${k}`] = k;
    if (v === undefined) remove.push(`#${k}`);
    else {
      set.push(`#${k} = :${k}`);
      values[`:${k}`] = v;
    }
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(before.companyId, before.id),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'updatedAt = :was',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new AppError('ERR_CONFLICT');
    throw err;
  }
  return { ...before, ...patch, updatedAt: now };
}

export async function deleteUser(user: User): Promise<void> {
  const items: TxItem[] = [
    { Delete: { TableName: table(), Key: keys.user(user.companyId, user.id), ConditionExpression: 'attribute_exists(PK)' } },
    { Delete: { TableName: table(), Key: keys.email(user.email) } },
    counterAdd(user.companyId, 'users', -1),
  ];
  const adminAt = user.profile === 'admin' ? items.push(counterAdd(user.companyId, 'admins', -1, { min: 1 })) - 1 : -1;
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const at = cancelledAt(err);
    if (at === 0) throw new AppError('ERR_NO_USER_FOUND');
    if (at === adminAt) throw new AppError('ERR_LAST_ADMIN');
    throw err;
  }
}

export function publicUser(u: User) {
  const { passwordHash: _p, lastSeenAt: _l, updatedAt: _u, sessions: _s, totp, totpPending: _t, ...rest } = u;
  return { ...rest, twoFactor: Boolean(totp) };
}

/** Online users are listed in GSI2 under `P#ONLINE`, sorted by their last status ping. */
const ONLINE = 'P#ONLINE';

/** Sets the online flag and last ping; answers the flag before, or undefined when the user is gone. */
export async function setOnlineFlag(companyId: number, userId: number, online: boolean): Promise<boolean | undefined> {
  const now = new Date().toISOString();
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(companyId, userId),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: online ? 'SET #online = :t, lastSeenAt = :now, GSI2PK = :on, GSI2SK = :sk' : 'SET #online = :f, lastSeenAt = :now REMOVE GSI2PK, GSI2SK',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: online ? { ':t': true, ':now': now, ':on': ONLINE, ':sk': `${now}#${pad(companyId)}#${pad(userId)}` } : { ':f': false, ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Boolean(out.Attributes?.online);
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/** Users marked online whose last ping is before `before` (ISO time), across companies. */
export async function onlineSince(before: string): Promise<{ companyId: number; id: number }[]> {
  const out: { companyId: number; id: number }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: table(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :on AND GSI2SK < :before', ExpressionAttributeValues: { ':on': ONLINE, ':before': before }, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) out.push({ companyId: Number(item.companyId), id: Number(item.id) });
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Frees an e-mail for a new signup (a company being deleted): only while it still names that company. */
export async function releaseEmail(email: string, companyId: number): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), Key: keys.email(email), ConditionExpression: 'companyId = :cid', ExpressionAttributeValues: { ':cid': companyId } }));
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}
