/**
 * A campaign's run (ACCESS_PATTERNS.md #120–#129; the keys and stored shapes are in campaigns.ts):
 * the RUN item's transitions, the recipients the stager writes and the senders claim, the
 * platform-wide registry the tick reads, opt-outs, awaited confirmations and the per-connection
 * daily cap. Every recipient status change is one UpdateItem that also sets `prevStatus` to the
 * status it replaces (the counters are kept from the stream: workers/campaign-counts.ts); a write
 * that keeps the status sets `prevStatus = status`, so the stream consumer counts nothing for it.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EMPTY_COUNTS, type CampaignStatus, type RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { batchGet, batchWrite, keyId, type WriteRequest } from './batch';
import {
  campaignKey, campaignPartition, capKey, confirmationKey, optOutKey, recipientKey, recipientSk, runKey, runningKey, RUNNING_PARTITION,
  type Campaign, type CampaignRecipient, type CampaignRun,
} from './campaigns';
import { db, table } from './client';
import { itemsPartition, type ContactListItem } from './contact-lists';
import { fromItem, pad } from './keys';

/** The run as stored: the stager's running offset and send count besides CampaignRun. */
export type RunState = CampaignRun & {
  whatsappId: number;
  /** Staging: the planned offset of the last valid recipient staged and how many valid ones precede the next. */
  stagedOffsetMs?: number;
  stagedSends?: number;
  /** The restart's stager rewrites only pending recipients (conditional puts). */
  restaged?: boolean;
  completedAt?: string;
};

/** The registry entry the tick reads: a programmed campaign waits for `nextAt`; a running one's planner has work from `nextAt`. */
export type RunningEntry = { companyId: number; campaignId: number; whatsappId: number | null; kind: 'programmed' | 'running'; nextAt: string };

const isConditionFail = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';
const DAY_S = 86_400;

/** Runs a conditional write: false when its condition failed. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isConditionFail(err)) return false;
    throw err;
  }
}

// ---- The campaign item (owned by adapters/db/campaigns.ts; these read and write the same key) ----

/** The campaign item's status mirror (and pause reason, completion), unless it is gone; answers it after. */
export async function setCampaignStatus(cid: number, id: number, status: CampaignStatus, extra: { pausedReason?: string | null; completedAt?: string } = {}): Promise<Campaign | undefined> {
  const sets = ['#status = :s', 'updatedAt = :u'];
  const values: Record<string, unknown> = { ':s': status, ':u': new Date().toISOString() };
  if (extra.pausedReason !== undefined) {
    sets.push('pausedReason = :p');
    values[':p'] = extra.pausedReason;
  }
  if (extra.completedAt !== undefined) {
    sets.push('completedAt = :c');
    values[':c'] = extra.completedAt;
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(), Key: campaignKey(cid, id), UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!) as Campaign;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

// ---- RUN (#120) ----

export async function getRun(cid: number, id: number, consistent = true): Promise<RunState | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: runKey(cid, id), ConsistentRead: consistent }));
  return out.Item ? (fromItem(out.Item) as RunState) : undefined;
}

const RESET_PLAN = 'REMOVE stagedThrough, queuedThrough, queuedOffsetMs, stagedOffsetMs, stagedSends, completedAt';

/**
 * Starts (`from` INATIVA/PROGRAMADA or no RUN yet: counters from zero) or restarts (`from`
 * CANCELADA: counters kept, only the still-pending recipients restaged): the next generation,
 * EM_ANDAMENTO from `now`. Undefined when the run is not in a state it may start from.
 */
export async function startRun(cid: number, id: number, whatsappId: number, now: Date, restart: boolean): Promise<RunState | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: runKey(cid, id),
        UpdateExpression:
          `SET entity = :e, companyId = :cid, campaignId = :id, whatsappId = :w, #status = :run, gen = if_not_exists(gen, :zero) + :one, startedAt = :now, shiftMs = :zero, staged = :f, restaged = :r, updatedAt = :now, counts = ${restart ? 'if_not_exists(counts, :counts)' : ':counts'} ${RESET_PLAN}`,
        ConditionExpression: restart ? '#status = :cancelled' : 'attribute_not_exists(PK) OR #status IN (:inactive, :programmed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':e': 'campaignRun', ':cid': cid, ':id': id, ':w': whatsappId, ':run': 'EM_ANDAMENTO', ':zero': 0, ':one': 1, ':now': now.toISOString(), ':f': false, ':r': restart, ':counts': EMPTY_COUNTS,
          ...(restart ? { ':cancelled': 'CANCELADA' } : { ':inactive': 'INATIVA', ':programmed': 'PROGRAMADA' }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!) as RunState;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

/** EM_ANDAMENTO → `to` (CANCELADA: a cancel or a pause; FINALIZADA: done, only for `gen`), the generation bumped so its jobs do nothing. */
export async function stopRun(cid: number, id: number, to: 'CANCELADA' | 'FINALIZADA', gen?: number): Promise<RunState | undefined> {
  const now = new Date().toISOString();
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: runKey(cid, id),
        UpdateExpression: `SET #status = :to, gen = gen + :one, updatedAt = :now${to === 'FINALIZADA' ? ', completedAt = :now' : ''}`,
        ConditionExpression: `#status = :run${gen !== undefined ? ' AND gen = :gen' : ''}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ':one': 1, ':now': now, ':run': 'EM_ANDAMENTO', ...(gen !== undefined ? { ':gen': gen } : {}) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!) as RunState;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

/** The run state of a deleted campaign (its jobs then find no RUN and do nothing). */
export async function deleteRun(cid: number, id: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: runKey(cid, id) }));
}

/** The stager's progress after a page, only forward and only for its generation (a twin job that lost stops). */
export async function advanceStaging(cid: number, id: number, gen: number, from: number | undefined, p: { through: number; offsetMs: number; sends: number; done: boolean }): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: runKey(cid, id),
        UpdateExpression: 'SET stagedThrough = :t, stagedOffsetMs = :o, stagedSends = :n, staged = :d, updatedAt = :u',
        ConditionExpression: `#status = :run AND gen = :gen AND ${from === undefined ? 'attribute_not_exists(stagedThrough)' : 'stagedThrough = :from'}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':t': p.through, ':o': p.offsetMs, ':n': p.sends, ':d': p.done, ':u': new Date().toISOString(), ':run': 'EM_ANDAMENTO', ':gen': gen, ...(from === undefined ? {} : { ':from': from }) },
      }),
    ),
  );
}

/** The planner's cursor (and the cap's shift), only forward and only for its generation: a twin tick that lost queues nothing more. */
export async function advanceQueued(cid: number, id: number, gen: number, from: string | undefined, p: { through: string; offsetMs: number; shiftMs: number }): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: runKey(cid, id),
        UpdateExpression: 'SET queuedThrough = :t, queuedOffsetMs = :o, shiftMs = :s, updatedAt = :u',
        ConditionExpression: `#status = :run AND gen = :gen AND ${from === undefined ? 'attribute_not_exists(queuedThrough)' : 'queuedThrough = :from'}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':t': p.through, ':o': p.offsetMs, ':s': p.shiftMs, ':u': new Date().toISOString(), ':run': 'EM_ANDAMENTO', ':gen': gen, ...(from === undefined ? {} : { ':from': from }) },
      }),
    ),
  );
}

/** The shift alone (the cap rolled the rest to the next day), for its generation. */
export async function setShift(cid: number, id: number, gen: number, shiftMs: number): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(), Key: runKey(cid, id), UpdateExpression: 'SET shiftMs = :s', ConditionExpression: '#status = :run AND gen = :gen',
        ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':s': shiftMs, ':run': 'EM_ANDAMENTO', ':gen': gen },
      }),
    ),
  );
}

/** The counters' deltas of one stream batch (#126: one ADD per campaign and batch); answers the run after. */
export async function addCounts(cid: number, id: number, deltas: Record<string, number>): Promise<RunState | undefined> {
  const entries = Object.entries(deltas).filter(([, n]) => n !== 0);
  if (!entries.length) return getRun(cid, id, false);
  const names: Record<string, string> = { '#c': 'counts' };
  const values: Record<string, unknown> = {};
  entries.forEach(([k, n], i) => {
    names[`#k${i}`] = k;
    values[`:v${i}`] = n;
  });
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(), Key: runKey(cid, id), UpdateExpression: `ADD ${entries.map((_, i) => `#c.#k${i} :v${i}`).join(', ')}`, ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!) as RunState;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

// ---- The registry the tick reads (#121) ----

export async function putRunning(e: RunningEntry): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...runningKey(e.companyId, e.campaignId), entity: 'campaignRunning', ...e } }));
}

export async function removeRunning(cid: number, id: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: runningKey(cid, id) }));
}

/** Moves a running campaign's next-work time (only while it is registered as running). */
export async function setNextAt(cid: number, id: number, nextAt: string): Promise<void> {
  await conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(), Key: runningKey(cid, id), UpdateExpression: 'SET nextAt = :n', ConditionExpression: 'kind = :k',
        ExpressionAttributeValues: { ':n': nextAt, ':k': 'running' },
      }),
    ),
  );
}

/** Every registered campaign whose next work is at or before `until` (all companies; `companyId` narrows to one). */
export async function listRunning(until: string, companyId?: number): Promise<RunningEntry[]> {
  const out: RunningEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: companyId === undefined ? 'PK = :pk' : 'PK = :pk AND begins_with(SK, :c)',
        FilterExpression: 'nextAt <= :until',
        ExpressionAttributeValues: { ':pk': RUNNING_PARTITION, ':until': until, ...(companyId === undefined ? {} : { ':c': `${companyId}#` }) },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(page.Items ?? []).map((i) => fromItem(i) as RunningEntry));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

// ---- Recipients (#122–#124) ----

/** A recipient as staged: a template campaign's filled parameters besides CampaignRecipient. */
export type StagedRecipient = CampaignRecipient & { params?: string[] };

const toRecipient = (i: Record<string, unknown>) => fromItem(i) as StagedRecipient;
const recipientItem = (r: StagedRecipient) => ({ ...recipientKey(r.companyId, r.campaignId, r.itemId), entity: 'campaignRecipient', ...r });

/** Staging's page: one put per recipient (BatchWriteItem, 25 a call; each ≤ 1 KB: 1 WCU). */
export async function putRecipients(rs: readonly StagedRecipient[]): Promise<void> {
  await batchWrite(rs.map((r): WriteRequest => ({ PutRequest: { Item: recipientItem(r) } })), 'campaign staging');
}

/** A restart's staging: the recipient written only when it is new or still pending (a sent or answered one is never touched). */
export async function putRecipientIfPending(r: StagedRecipient): Promise<boolean> {
  return conditional(() =>
    db().send(
      new PutCommand({
        TableName: table(), Item: recipientItem({ ...r, prevStatus: 'pending' }), ConditionExpression: 'attribute_not_exists(PK) OR #status = :p',
        ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':p': 'pending' },
      }),
    ),
  );
}

export async function getRecipient(cid: number, id: number, itemId: number): Promise<StagedRecipient | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: recipientKey(cid, id, itemId), ConsistentRead: true }));
  return out.Item ? toRecipient(out.Item) : undefined;
}

/** Recipients in item order after `afterSk` (exclusive) up to `throughSk` (inclusive), a page of `limit`. */
export async function recipientsAfter(cid: number, id: number, afterSk: string | undefined, throughSk: string, limit: number): Promise<{ recipients: CampaignRecipient[]; last?: string }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': campaignPartition(cid, id), ':from': afterSk ? `${afterSk}~` : 'R#', ':to': throughSk },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  const items = out.Items ?? [];
  return { recipients: items.map(toRecipient), last: items.length ? String(items[items.length - 1]!.SK) : undefined };
}

export { recipientSk };

/** The statuses of some recipients (a restart's page: which are still pending); absent = not staged yet. */
export async function recipientStatuses(cid: number, id: number, itemIds: readonly number[]): Promise<Map<number, RecipientStatus>> {
  const got = await batchGet(itemIds.map((i) => recipientKey(cid, id, i)), { consistent: true });
  const out = new Map<number, RecipientStatus>();
  for (const i of itemIds) {
    const item = got.get(keyId(recipientKey(cid, id, i)));
    if (item) out.set(i, item.status as RecipientStatus);
  }
  return out;
}

export type RecipientChange = {
  /** Only from these statuses. */
  from: readonly RecipientStatus[];
  to: RecipientStatus;
  gen?: number;
  set?: Partial<Pick<CampaignRecipient, 'gen' | 'reason' | 'externalId' | 'sentAt' | 'deliveredAt' | 'readAt' | 'confirmationRequestedAt' | 'confirmedAt'>>;
  /** Drops the sender's claim. */
  unclaim?: boolean;
};

/** One status change (#123): conditional on the statuses it may come from (and the generation), `prevStatus` set to the one it replaces. */
export async function changeRecipient(cid: number, id: number, itemId: number, c: RecipientChange): Promise<CampaignRecipient | undefined> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':to': c.to };
  const sets = ['prevStatus = #status', '#status = :to'];
  Object.entries(c.set ?? {}).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    sets.push(`#f${i} = :f${i}`);
  });
  const from = c.from.map((s, i) => {
    values[`:s${i}`] = s;
    return `:s${i}`;
  });
  let condition = `#status IN (${from.join(', ')})`;
  if (c.gen !== undefined) {
    values[':gen'] = c.gen;
    condition += ' AND gen = :gen';
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(), Key: recipientKey(cid, id, itemId), UpdateExpression: `SET ${sets.join(', ')}${c.unclaim ? ' REMOVE sendClaim' : ''}`, ConditionExpression: condition,
        ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecipient(out.Attributes!);
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

/**
 * The sender's claim (#124), which is also its outcome: one conditional write moves the recipient
 * from what it may be sent from (pending, or confirmed after its confirmation) to what it is once
 * sent (`sent`, or `confirmation_requested` for the confirmation text), with the time, the message
 * id it goes out under (domain/campaigns/message-ref.ts) and the claimant. The send follows; only a
 * failure writes again (back to where it was, or failed). So a recipient is never sent twice (a
 * second job's claim finds it moved), and a send costs one write unit. `prevStatus = #status`: the
 * stream consumer counts the move.
 */
export async function claimRecipient(cid: number, id: number, itemId: number, c: { gen: number; from: readonly RecipientStatus[]; to: RecipientStatus; externalId: string; at: string; host: string }): Promise<RecipientStatus | undefined> {
  const from = Object.fromEntries(c.from.map((s, i) => [`:s${i}`, s]));
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: recipientKey(cid, id, itemId),
        // Returns the status it was in (pending or confirmed): where a send that did not go out puts it back.
        UpdateExpression: `SET prevStatus = #status, #status = :to, sendClaim = :c, externalId = :x, ${c.to === 'confirmation_requested' ? 'confirmationRequestedAt' : 'sentAt'} = :at, reason = :null`,
        ConditionExpression: `#status IN (${Object.keys(from).join(', ')}) AND gen = :gen`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...from, ':to': c.to, ':c': { host: c.host, at: Date.parse(c.at) }, ':x': c.externalId, ':at': c.at, ':gen': c.gen, ':null': null },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return out.Attributes?.status as RecipientStatus;
  } catch (err) {
    if (isConditionFail(err)) return undefined;
    throw err;
  }
}

/** Deletes a campaign's recipients and RUN, a Query page (keys only) at a time; answers whether any are left. */
export async function purgeRecipients(cid: number, id: number, max = 2_000): Promise<boolean> {
  let start: Record<string, unknown> | undefined;
  let done = 0;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': campaignPartition(cid, id) }, ProjectionExpression: 'PK, SK', Limit: 500, ExclusiveStartKey: start }),
    );
    const keys = page.Items ?? [];
    if (keys.length) await batchWrite(keys.map((k): WriteRequest => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })), 'campaign purge');
    done += keys.length;
    start = page.LastEvaluatedKey;
  } while (start && done < max);
  return start !== undefined;
}

/** The staging's read of a list (#110): items after `afterItemId` in id order, a page of `limit`. */
export async function listItemsAfter(cid: number, listId: number, afterItemId: number | undefined, limit: number): Promise<ContactListItem[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': itemsPartition(cid, listId), ':from': afterItemId === undefined ? 'I#' : `I#${pad(afterItemId)}~`, ':to': 'I#~' },
      ProjectionExpression: 'id, #n, #num, email, isWhatsappValid',
      ExpressionAttributeNames: { '#n': 'name', '#num': 'number' },
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as ContactListItem[];
}

// ---- Opt-outs (#125), awaited confirmations (#127), the daily cap (#128) ----

export async function isOptedOut(cid: number, digits: string): Promise<boolean> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: optOutKey(cid, digits), ConsistentRead: true }));
  return !!out.Item;
}

export async function putOptOut(cid: number, digits: string, campaignId: number): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...optOutKey(cid, digits), entity: 'campaignOptOut', campaignId, at: new Date().toISOString() } }));
}

export type AwaitedConfirmation = { campaignId: number; itemId: number; gen: number; /** The inbound message that answered it (a redelivery of it is consumed again; any later one is a normal message). */ answeredBy?: string };
export const awaitedOf = (i: Record<string, unknown>): AwaitedConfirmation => ({
  campaignId: Number(i.campaignId), itemId: Number(i.itemId), gen: Number(i.gen), ...(i.answeredBy ? { answeredBy: String(i.answeredBy) } : {}),
});

/** A confirmation awaited from a number on a connection (30 days, then the TTL takes it). */
export async function putAwaited(cid: number, whatsappId: number, digits: string, a: AwaitedConfirmation): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...confirmationKey(cid, whatsappId, digits), entity: 'campaignConfirmation', ...a, expiresAt: Math.floor(Date.now() / 1000) + 30 * DAY_S } }));
}

export async function getAwaited(cid: number, whatsappId: number, digits: string): Promise<AwaitedConfirmation | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: confirmationKey(cid, whatsappId, digits), ConsistentRead: true }));
  return out.Item ? awaitedOf(out.Item) : undefined;
}

/** Marks the awaited confirmation answered by inbound message `externalId` (only the first answer, or a redelivery of it): true when it is this one's. */
export async function answerAwaited(cid: number, whatsappId: number, digits: string, a: AwaitedConfirmation, externalId: string): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: table(), Key: confirmationKey(cid, whatsappId, digits), UpdateExpression: 'SET answeredBy = :x',
        ConditionExpression: 'campaignId = :c AND itemId = :i AND (attribute_not_exists(answeredBy) OR answeredBy = :x)',
        ExpressionAttributeValues: { ':c': a.campaignId, ':i': a.itemId, ':x': externalId },
      }),
    ),
  );
}

/**
 * Reserves up to `n` sends of a connection's day (#128: ADD conditional on the room left); answers
 * how many it got (0 when the day is full). Two tries: all of them, else what the day has left.
 */
export async function reserveCap(cid: number, whatsappId: number, day: string, n: number, cap: number): Promise<number> {
  const add = (k: number) =>
    conditional(() =>
      db().send(
        new UpdateCommand({
          TableName: table(), Key: capKey(cid, whatsappId, day), UpdateExpression: 'ADD used :n SET expiresAt = :x',
          ConditionExpression: 'attribute_not_exists(used) OR used <= :room', ExpressionAttributeValues: { ':n': k, ':room': cap - k, ':x': Math.floor(Date.now() / 1000) + 3 * DAY_S },
        }),
      ),
    );
  if (n <= 0) return 0;
  if (n <= cap && (await add(n))) return n;
  const out = await db().send(new GetCommand({ TableName: table(), Key: capKey(cid, whatsappId, day), ConsistentRead: true }));
  const left = Math.min(n, cap - Number(out.Item?.used ?? 0));
  return left > 0 && (await add(left)) ? left : 0;
}

/** Test and bench helper: every recipient of a campaign (pages of 1,000). */
export async function allRecipients(cid: number, id: number): Promise<CampaignRecipient[]> {
  const out: CampaignRecipient[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)', ExpressionAttributeValues: { ':pk': campaignPartition(cid, id), ':r': 'R#' }, ExclusiveStartKey: start }),
    );
    out.push(...(page.Items ?? []).map(toRecipient));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
