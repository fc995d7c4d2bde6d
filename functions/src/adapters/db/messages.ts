/**
 * Messages: `C#<cid>#MSGS#<ticketId>` / messageId (time-sortable), so a ticket's messages page
 * in order. The send state lets the sender claim a send once: a redelivered job after a crash
 * never sends twice.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import type { MediaType } from '@conversa/shared/channels';
import { db, table } from './client';

export type Message = {
  id: string;
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number;
  body: string;
  fromMe: boolean;
  mediaType?: MediaType;
  mediaKey?: string;
  mimetype?: string;
  filename?: string;
  /** 0 pending, 1 sent, 2 delivered, 3 read, 4 played. */
  ack: number;
  externalId?: string;
  quotedMsgId?: string;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  read: boolean;
  participant?: { id: string; name: string };
  reactions?: { emoji: string; from: string; fromMe: boolean }[];
  /** Why a send failed (ERR_SENDING_WAPP_MSG), shown on the message. */
  error?: string;
  sendClaim?: { host: string; at: number };
  userId?: number;
  createdAt: string;
  updatedAt: string;
};

export const messageKey = (companyId: number, ticketId: number, messageId: string) => ({ PK: `C#${companyId}#MSGS#${ticketId}`, SK: messageId });

/** Sortable by creation time: 9 base-36 chars of milliseconds + 8 random. */
export function newMessageId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(5).toString('base64url').slice(0, 7);
}

export async function getMessage(companyId: number, ticketId: number, messageId: string): Promise<Message | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: messageKey(companyId, ticketId, messageId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { PK: _p, SK: _s, entity: _e, ...rest } = out.Item;
  return rest as Message;
}

const isConditionFail = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * A sender claims a pending message before sending it. False when it was already sent or
 * failed, or another sender holds a fresh claim (older than `staleMs` claims are taken over).
 */
export async function claimSend(companyId: number, ticketId: number, messageId: string, host: string, staleMs = 60_000): Promise<boolean> {
  const now = Date.now();
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, ticketId, messageId),
        UpdateExpression: 'SET sendClaim = :c',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(externalId) AND attribute_not_exists(#err) AND (attribute_not_exists(sendClaim) OR sendClaim.#at < :stale OR sendClaim.#host = :host)',
        ExpressionAttributeNames: { '#err': 'error', '#at': 'at', '#host': 'host' },
        ExpressionAttributeValues: { ':c': { host, at: now }, ':stale': now - staleMs, ':host': host },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

/** Records the channel's id right after a send (ack 1), so a retry or an echo is recognised. */
export async function markSent(companyId: number, ticketId: number, messageId: string, externalId: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, ticketId, messageId),
        UpdateExpression: 'SET externalId = :x, ack = if_not_exists(ack, :zero), updatedAt = :u REMOVE sendClaim',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(externalId)',
        ExpressionAttributeValues: { ':x': externalId, ':zero': 0, ':u': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

export async function markFailed(companyId: number, ticketId: number, messageId: string, reason: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, ticketId, messageId),
        UpdateExpression: 'SET #err = :e, updatedAt = :u REMOVE sendClaim',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(externalId)',
        ExpressionAttributeNames: { '#err': 'error' },
        ExpressionAttributeValues: { ':e': reason.slice(0, 500), ':u': new Date().toISOString() },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFail(err)) throw err;
    });
}

/**
 * A channel message's id is derived from its channel timestamp and id: a redelivery yields the
 * same key, so a conditional put is the idempotency check (no second item needed for it).
 */
export function channelMessageId(timestampMs: number, externalId: string): string {
  return timestampMs.toString(36).padStart(9, '0') + createHash('sha256').update(externalId).digest('base64url').slice(0, 7);
}

/** Stores a message once; false when it was already stored. */
export async function putMessageOnce(m: Message): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: { ...messageKey(m.companyId, m.ticketId, m.id), entity: 'message', ...m }, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

/** externalId → where the message is: `C#<cid>#MSGX#<whatsappId>` / externalId (acks, edits, echoes). */
export const externalKey = (cid: number, whatsappId: number, externalId: string) => ({ PK: `C#${cid}#MSGX#${whatsappId}`, SK: externalId });

export async function indexExternal(cid: number, whatsappId: number, externalId: string, ticketId: number, messageId: string): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...externalKey(cid, whatsappId, externalId), entity: 'msgx', ticketId, messageId } }));
}

export async function findExternal(cid: number, whatsappId: number, externalId: string): Promise<{ ticketId: number; messageId: string } | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: externalKey(cid, whatsappId, externalId), ConsistentRead: true }));
  return out.Item ? { ticketId: Number(out.Item.ticketId), messageId: String(out.Item.messageId) } : undefined;
}

export type MessageChange = { ack?: number; editedBody?: string; deleted?: boolean; reaction?: { emoji: string; from: string; fromMe: boolean }; error?: string };

/** Applies an ack (only ever upwards), an edit, a deletion or a reaction; answers the message after. */
export async function changeMessage(cid: number, ticketId: number, messageId: string, change: MessageChange): Promise<Message | undefined> {
  const sets = ['updatedAt = :u'];
  const values: Record<string, unknown> = { ':u': new Date().toISOString() };
  const names: Record<string, string> = {};
  let condition = 'attribute_exists(PK)';
  if (change.ack !== undefined) {
    sets.push('ack = :ack');
    values[':ack'] = change.ack;
    condition += ' AND (attribute_not_exists(ack) OR ack < :ack)';
  }
  if (change.editedBody !== undefined) {
    sets.push('body = :b', 'isEdited = :t');
    values[':b'] = change.editedBody;
    values[':t'] = true;
  }
  if (change.deleted) {
    sets.push('isDeleted = :t');
    values[':t'] = true;
  }
  if (change.error) {
    sets.push('#err = :err');
    names['#err'] = 'error';
    values[':err'] = change.error.slice(0, 500);
  }
  if (change.reaction) {
    sets.push('reactions = list_append(if_not_exists(reactions, :empty), :r)');
    values[':empty'] = [];
    values[':r'] = [change.reaction];
  }
  try {
    const out = await db().send(
      new UpdateCommand({ TableName: table(), Key: messageKey(cid, ticketId, messageId), UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: condition, ExpressionAttributeValues: values, ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}), ReturnValues: 'ALL_NEW' }),
    );
    if (!out.Attributes) return undefined;
    const { PK: _p, SK: _s, entity: _e, ...rest } = out.Attributes;
    return rest as Message;
  } catch (err) {
    if (isConditionFail(err)) return undefined; // a stale ack, or the message is gone
    throw err;
  }
}
