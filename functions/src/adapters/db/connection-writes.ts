/**
 * Writes that keep the connection invariants in one transaction: the plan's connection limit
 * (counter `whatsapps`), exactly one default per company (pointer `defaultWhatsapp`), and the
 * provider index of Graph channels.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isSessionChannel } from '@conversa/shared/channels';
import { AppError } from '../../lib/app-error';
import { db, table } from './client';
import { counterKey } from './counters';
import { keys } from './keys';
import { providerKey, sessionIndexKeys, type Connection } from './connections';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function defaultConnectionId(companyId: number): Promise<number | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: counterKey(companyId, 'defaultWhatsapp'), ConsistentRead: true }));
  const v = out.Item?.value;
  return typeof v === 'number' && v > 0 ? v : undefined;
}

function item(c: Connection) {
  const indexed = isSessionChannel(c.channel) && c.desired !== 'stop';
  return { ...keys.whatsapp(c.companyId, c.id), entity: 'whatsapp', ...c, ...(indexed ? sessionIndexKeys(c) : {}) };
}

/** The account a channel's webhooks name: Instagram connections also keep their page id (to send through). */
export function providerAccount(c: Pick<Connection, 'channel' | 'provider'>): string | undefined {
  if (c.channel === 'instagram') return c.provider?.igAccountId ?? c.provider?.pageId;
  return c.provider?.phoneNumberId ?? c.provider?.pageId ?? c.provider?.igAccountId;
}

/** Moves the default pointer from `from` (must still be it) to `to`, flipping both items' flags. */
function moveDefault(companyId: number, from: number | undefined, to: number | undefined): TxItem[] {
  const items: TxItem[] = [
    {
      Put: {
        TableName: table(),
        Item: { ...counterKey(companyId, 'defaultWhatsapp'), value: to ?? 0 },
        ...(from ? { ConditionExpression: '#v = :from', ExpressionAttributeValues: { ':from': from } } : { ConditionExpression: 'attribute_not_exists(#v) OR #v = :zero', ExpressionAttributeValues: { ':zero': 0 } }),
        ExpressionAttributeNames: { '#v': 'value' },
      },
    },
  ];
  if (from && from !== to) {
    items.push({ Update: { TableName: table(), Key: keys.whatsapp(companyId, from), UpdateExpression: 'SET isDefault = :f', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':f': false } } });
  }
  return items;
}

const cancelled = (err: unknown) => err instanceof TransactionCanceledException;

export async function insertConnection(c: Connection, maxConnections: number, currentDefault: number | undefined): Promise<void> {
  const items: TxItem[] = [
    { Put: { TableName: table(), Item: item(c), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Update: {
        TableName: table(),
        Key: counterKey(c.companyId, 'whatsapps'),
        UpdateExpression: 'ADD #v :one',
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :max',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':one': 1, ':max': maxConnections },
      },
    },
  ];
  if (c.isDefault) items.push(...moveDefault(c.companyId, currentDefault, c.id));
  const account = providerAccount(c);
  if (account) items.push({ Put: { TableName: table(), Item: { ...providerKey(c.channel, account), entity: 'channel', companyId: c.companyId, whatsappId: c.id }, ConditionExpression: 'attribute_not_exists(PK)' } });
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (!cancelled(err)) throw err;
    const reasons = (err as TransactionCanceledException).CancellationReasons ?? [];
    if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new AppError('ERR_MAX_WHATS_REACHED');
    if (account && reasons[items.length - 1]?.Code === 'ConditionalCheckFailed') throw new AppError('ERR_VALIDATION', [{ path: 'body.provider', message: 'this account is already connected' }]);
    throw new AppError('ERR_CONFLICT');
  }
}

/** What the session host reports: never written by a user's edit, so the two never collide. */
const SESSION_FIELDS = new Set(['status', 'qrcode', 'number', 'reason', 'scannedAt', 'scannedQr', 'updatedAt', 'rev']);

/**
 * Applies a user's change: only the fields that changed, guarded by the connection's own revision
 * (the host's status reports do not bump it), moving the default when it changes.
 */
export async function replaceConnection(before: Connection, after: Connection, currentDefault: number | undefined): Promise<void> {
  const names: Record<string, string> = { '#u': 'updatedAt', '#rev': 'rev' };
  const values: Record<string, unknown> = { ':u': new Date().toISOString(), ':one': 1 };
  const sets = ['#u = :u'];
  const removes: string[] = [];
  for (const [k, v] of Object.entries(after)) {
    if (SESSION_FIELDS.has(k) || JSON.stringify(v) === JSON.stringify((before as Record<string, unknown>)[k])) continue;
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
  }
  const wasIndexed = isSessionChannel(before.channel) && before.desired !== 'stop';
  const indexed = isSessionChannel(after.channel) && after.desired !== 'stop';
  if (indexed && !wasIndexed) {
    const idx = sessionIndexKeys(after);
    Object.assign(values, { ':g1': idx.GSI1PK, ':g2': idx.GSI1SK });
    sets.push('GSI1PK = :g1', 'GSI1SK = :g2');
  } else if (!indexed && wasIndexed) removes.push('GSI1PK', 'GSI1SK');
  const items: TxItem[] = [
    {
      Update: {
        TableName: table(),
        Key: keys.whatsapp(before.companyId, before.id),
        UpdateExpression: `SET ${sets.join(', ')} ADD #rev :one${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: before.rev === undefined ? 'attribute_exists(PK) AND attribute_not_exists(#rev)' : '#rev = :was',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: before.rev === undefined ? values : { ...values, ':was': before.rev },
      },
    },
  ];
  if (after.isDefault && currentDefault !== after.id) items.push(...moveDefault(after.companyId, currentDefault, after.id));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (cancelled(err)) throw new AppError('ERR_CONFLICT');
    throw err;
  }
}

export async function removeConnection(c: Connection, nextDefault: number | undefined): Promise<void> {
  const items: TxItem[] = [
    { Delete: { TableName: table(), Key: keys.whatsapp(c.companyId, c.id), ConditionExpression: 'attribute_exists(PK)' } },
    { Update: { TableName: table(), Key: counterKey(c.companyId, 'whatsapps'), UpdateExpression: 'ADD #v :m', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':m': -1 } } },
  ];
  if (c.isDefault) {
    items.push({ Put: { TableName: table(), Item: { ...counterKey(c.companyId, 'defaultWhatsapp'), value: nextDefault ?? 0 }, ConditionExpression: '#v = :me', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':me': c.id } } });
    if (nextDefault) items.push({ Update: { TableName: table(), Key: keys.whatsapp(c.companyId, nextDefault), UpdateExpression: 'SET isDefault = :t', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':t': true } } });
  }
  const account = providerAccount(c);
  if (account) items.push({ Delete: { TableName: table(), Key: providerKey(c.channel, account) } });
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (cancelled(err)) throw new AppError('ERR_CONFLICT');
    throw err;
  }
}
