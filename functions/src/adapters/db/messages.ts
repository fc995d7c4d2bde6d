/**
 * Messages: `C#<cid>#MSGS#<ticketId>` / messageId (time-sortable), so a ticket's messages page
 * in order. The send state lets the sender claim a send once: a redelivered job after a crash
 * never sends twice.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { isLogType, type MediaError, type MediaType } from '@conversa/shared/channels';
import { batchGet, keyId } from './batch';
import { db, table } from './client';
import { decodeCursor, encodeCursor, withoutAttributes } from './keys';

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
  /** A customer's file that was not taken: the body is the note saying so (InboundMessage.mediaError). */
  mediaError?: MediaError;
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
  /** The text of an audio message, once transcribed. */
  transcription?: string;
  createdAt: string;
  updatedAt: string;
};

export const messagesPartition = (companyId: number, ticketId: number) => `C#${companyId}#MSGS#${ticketId}`;
export const messageKey = (companyId: number, ticketId: number, messageId: string) => ({ PK: messagesPartition(companyId, ticketId), SK: messageId });

const MESSAGE_ITEM_ONLY: ReadonlySet<string> = new Set(['PK', 'SK', 'entity']);
const toMessage = (item: Record<string, unknown>): Message => withoutAttributes(item, MESSAGE_ITEM_ONLY) as Message;

/** Sortable by creation time: 9 base-36 chars of milliseconds + 8 random. */
export function newMessageId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(5).toString('base64url').slice(0, 7);
}

export async function getMessage(companyId: number, ticketId: number, messageId: string): Promise<Message | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: messageKey(companyId, ticketId, messageId), ConsistentRead: true }));
  return out.Item ? toMessage(out.Item) : undefined;
}

const isConditionFail = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/** Reads and conditional writes a reaction may take against other senders reacting at the same time (a group's burst). */
const REACTION_TRIES = 25;

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
 * same key, so a conditional put is the idempotency check (no second item needed for it). With
 * the time the platform received it (`receivedAt`, stamped before the message was queued) the id
 * sorts messages of the same channel time by arrival: WhatsApp and the Cloud API give whole
 * seconds, so several messages of one second would otherwise sort by their hash. Ids without it
 * (messages stored before) keep their shorter form and still sort by time.
 */
export function channelMessageId(timestampMs: number, externalId: string, receivedAt?: number): string {
  const time = (ms: number) => ms.toString(36).padStart(9, '0');
  const hash = createHash('sha256').update(externalId).digest('base64url').slice(0, 7);
  return time(timestampMs) + (receivedAt === undefined ? '' : time(receivedAt)) + hash;
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

/** Where a channel id points: a ticket's message (a campaign send's id names its recipient itself: domain/campaigns/message-ref.ts). */
export type ExternalRef = { ticketId: number; messageId: string };
export const externalRefOf = (item: Record<string, unknown>): ExternalRef => ({ ticketId: Number(item.ticketId), messageId: String(item.messageId) });

export async function findExternalRef(cid: number, whatsappId: number, externalId: string): Promise<ExternalRef | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: externalKey(cid, whatsappId, externalId), ConsistentRead: true }));
  return out.Item ? externalRefOf(out.Item) : undefined;
}

export type MessageChange = { ack?: number; editedBody?: string; deleted?: boolean; error?: string };

/** Applies an ack (only ever upwards), an edit or a deletion; answers the message after. */
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
  try {
    const out = await db().send(
      new UpdateCommand({ TableName: table(), Key: messageKey(cid, ticketId, messageId), UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: condition, ExpressionAttributeValues: values, ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}), ReturnValues: 'ALL_NEW' }),
    );
    return out.Attributes ? toMessage(out.Attributes) : undefined;
  } catch (err) {
    if (isConditionFail(err)) return undefined; // a stale ack, or the message is gone
    throw err;
  }
}

export type Reaction = NonNullable<Message['reactions']>[number];

/** The reactions after `r`: one per sender, replaced, or removed by an empty emoji. */
export function withReaction(list: readonly Reaction[], r: Reaction): Reaction[] {
  const others = list.filter((x) => x.from !== r.from);
  return r.emoji ? [...others, { emoji: r.emoji, from: r.from, fromMe: r.fromMe }] : others;
}

/**
 * Sets a sender's reaction on a message (an empty emoji removes it): the list is read, changed and
 * written back conditional on being as read, so two reactions at once never lose one. Answers the
 * message after (unchanged when the reaction was already so), undefined when the message is gone.
 */
export async function setReaction(cid: number, ticketId: number, messageId: string, r: Reaction): Promise<{ message: Message; changed: boolean } | undefined> {
  // Every round of conflicting writers has a winner, so n senders reacting at once all land within
  // n rounds; a short random wait keeps the losers from meeting again in lockstep.
  for (let attempt = 0; attempt < REACTION_TRIES; attempt++) {
    if (attempt > 0) await new Promise((res) => setTimeout(res, Math.random() * 5 * attempt));
    const m = await getMessage(cid, ticketId, messageId);
    if (!m) return undefined;
    const next = withReaction(m.reactions ?? [], r);
    if (JSON.stringify(next) === JSON.stringify(m.reactions ?? [])) return { message: m, changed: false };
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: messageKey(cid, ticketId, messageId),
          UpdateExpression: 'SET reactions = :next, updatedAt = :u',
          ConditionExpression: m.reactions ? 'reactions = :old' : 'attribute_exists(PK) AND attribute_not_exists(reactions)',
          ExpressionAttributeValues: { ':next': next, ':u': new Date().toISOString(), ...(m.reactions ? { ':old': m.reactions } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { message: toMessage(out.Attributes ?? {}), changed: true };
    } catch (err) {
      if (!isConditionFail(err)) throw err; // another reaction landed first: read again
    }
  }
  throw new Error(`reaction on message ${messageId} kept conflicting`);
}

/**
 * A page of a ticket's messages, newest first (access pattern 34 read backwards): one Query of
 * at most `limit` items; `cursor` continues towards older messages.
 */
export async function queryMessages(companyId: number, ticketId: number, opts: { limit: number; cursor?: string }): Promise<{ items: Message[]; cursor?: string }> {
  const pk = messagesPartition(companyId, ticketId);
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false, Limit: opts.limit, ExclusiveStartKey: decodeCursor(opts.cursor, pk) }),
  );
  const cursor = encodeCursor(out.LastEvaluatedKey);
  return { items: (out.Items ?? []).map(toMessage), ...(cursor ? { cursor } : {}) };
}

/**
 * Our sent messages of a ticket up to a time whose ack is still below `ack`, newest first (a
 * watermark receipt): read backwards from `untilMs` (key condition on the time-sortable id) and
 * stopped at the first sent message that already has the ack, since acks only go up and an
 * earlier watermark covered the ones before it. At most `max` messages, 4 pages of 50 items.
 */
export async function sentBelowAck(companyId: number, ticketId: number, untilMs: number, ack: number, max = 100): Promise<Message[]> {
  const pk = messagesPartition(companyId, ticketId);
  // '~' sorts after every base-36 and base64url character: every id of that millisecond is in.
  const upper = `${untilMs.toString(36).padStart(9, '0')}~`;
  const out: Message[] = [];
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < 4; page++) {
    const got = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk AND SK <= :u', ExpressionAttributeValues: { ':pk': pk, ':u': upper }, ScanIndexForward: false, Limit: 50, ExclusiveStartKey: start }),
    );
    for (const m of (got.Items ?? []).map(toMessage)) {
      if (!m.fromMe || !m.externalId) continue;
      if (m.ack >= ack) return out;
      out.push(m);
      if (out.length >= max) return out;
    }
    start = got.LastEvaluatedKey;
    if (!start) break;
  }
  return out;
}

/**
 * The newest `count` messages the customer wrote on a ticket through one connection (a read
 * receipt names them): one Query, newest first, of at most `count` + 20 items (the agent's and
 * bot's messages between them are skipped), at most 100.
 */
export async function latestCustomerMessages(companyId: number, ticketId: number, whatsappId: number, count: number): Promise<Message[]> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': messagesPartition(companyId, ticketId) }, ScanIndexForward: false, Limit: Math.min(count + 20, 100) }),
  );
  return (out.Items ?? [])
    .map(toMessage)
    .filter((m) => !m.fromMe && m.externalId && m.whatsappId === whatsappId && !isLogType(m.mediaType))
    .slice(0, Math.min(count, 100));
}

/** Several messages of one ticket by id (quoted messages of a page): one BatchGet. */
export async function getMessages(companyId: number, ticketId: number, ids: readonly string[]): Promise<Map<string, Message>> {
  if (!ids.length) return new Map();
  const got = await batchGet(ids.map((id) => messageKey(companyId, ticketId, id)));
  const out = new Map<string, Message>();
  for (const id of ids) {
    const item = got.get(keyId(messageKey(companyId, ticketId, id)));
    if (item) out.set(id, toMessage(item));
  }
  return out;
}

/** Why an agent's change of a message was refused. */
export type OwnChangeRefusal = 'missing' | 'not-own' | 'deleted';

/**
 * An agent edits or deletes their own message: conditional on the message being theirs
 * (fromMe, their user id) and not deleted, so a race never changes someone else's message.
 */
export async function changeOwnMessage(companyId: number, ticketId: number, messageId: string, userId: number, change: { body: string } | { deleted: true }): Promise<Message | OwnChangeRefusal> {
  const values: Record<string, unknown> = { ':u': new Date().toISOString(), ':t': true, ':f': false, ':me': userId };
  let set: string;
  if ('body' in change) {
    set = 'SET body = :b, isEdited = :t, updatedAt = :u';
    values[':b'] = change.body;
  } else set = 'SET isDeleted = :t, updatedAt = :u';
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, ticketId, messageId),
        UpdateExpression: set,
        ConditionExpression: 'attribute_exists(PK) AND fromMe = :t AND userId = :me AND isDeleted = :f',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toMessage(out.Attributes ?? {});
  } catch (err) {
    if (!isConditionFail(err)) throw err;
    const old = await getMessage(companyId, ticketId, messageId);
    if (!old) return 'missing';
    return old.isDeleted && old.fromMe && old.userId === userId ? 'deleted' : 'not-own';
  }
}

export async function setTranscription(companyId: number, ticketId: number, messageId: string, text: string): Promise<Message | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: messageKey(companyId, ticketId, messageId),
        UpdateExpression: 'SET transcription = :x, updatedAt = :u',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':x': text, ':u': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toMessage(out.Attributes) : undefined;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}
