/**
 * Campaigns, their run state and their recipients (BEHAVIOUR.md "Campaigns"; ACCESS_PATTERNS.md
 * #114 on). The keys and the stored shapes every part of the campaign feature shares:
 *
 * - The campaign (what the dialog edits): `C#<cid>#CAMPS` / pad(id). Up to 10 messages of 4 KB,
 *   so it is read for the screens and the sender's variants, never rewritten on the send path.
 * - Its run state, small and written by the sender: `C#<cid>#CAMP#<id>` / `RUN` (status mirror,
 *   generation, the planner's cursor, the counters). The session host reads it (strongly) before
 *   each claim, so a cancel stops the sends at once.
 * - One recipient per list item, staged once when the campaign starts: `C#<cid>#CAMP#<id>` /
 *   `R#<pad(itemId)>` (≤ 1 KB: one write unit to stage). Every status change is one UpdateItem that
 *   also sets `prevStatus` to the status it replaces, so the counters are kept from the table's
 *   stream (one ADD per campaign and batch, not one per recipient).
 * - Running and programmed campaigns, platform-wide, for the tick: `P#CAMPRUN` / `<cid>#<id>` with
 *   the time the planner next has work (`nextAt`).
 * - Opt-outs, per company and number: `C#<cid>#OPTOUT` / digits.
 * - A confirmation awaited from a number on a connection: `C#<cid>#CAMPCONF#<whatsappId>` /
 *   digits → the recipient (with a TTL).
 * - The per-connection daily cap: `C#<cid>#CAMPCAP#<whatsappId>` / `YYYY-MM-DD` (`used`, TTL).
 * - A sent campaign message's channel id names its recipient itself (domain/campaigns/message-ref.ts),
 *   so acks and the phone's echo find it without an index item and open no ticket.
 * - The company's campaign settings (intervals, custom variables, daily cap): one row of the
 *   company's settings, `C#<cid>#SETTINGS` / `campaignSettings`, its `value` JSON (spec 3 §3: key/value
 *   rows with JSON values), with a `rev` for its read-merge-write.
 *
 * This file holds the campaign item's and the settings' reads and writes (the API's, #114–#119);
 * the run state's, the recipients' writes and the rest are in campaign-runs.ts (the sender's).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CampaignSettings, DEFAULT_CAMPAIGN_SETTINGS, type CampaignCounts, type CampaignStatus, type CampaignTemplate, type RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { db, table } from './client';
import { fromItem, pad, partitions } from './keys';

export type Campaign = {
  id: number;
  companyId: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  status: CampaignStatus;
  /** ISO instant (the dialog's local `YYYY-MM-DD HH:mm:ss` read in the company's time zone). */
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  /** The media bucket key (a campaign upload of this company) and its shown name and type. */
  mediaKey: string | null;
  mediaName: string | null;
  mimetype: string | null;
  template: CampaignTemplate | null;
  pausedReason: string | null;
  /** Optimistic concurrency for edits. */
  rev: number;
  searchText: string;
  createdAt: string;
  updatedAt: string;
};

/** The run state: what the sender writes while a campaign runs. */
export type CampaignRun = {
  companyId: number;
  campaignId: number;
  status: CampaignStatus;
  /** Bumped by every start, cancel and restart: jobs of an older generation do nothing. */
  gen: number;
  /** When this generation began sending; recipients' `offsetMs` count from here (plus `shiftMs`). */
  startedAt: string | null;
  /** Added to every planned time: the days rolled over by the daily cap. */
  shiftMs: number;
  /** Staging: the last list item staged (absent = not begun) and whether every item is. */
  stagedThrough?: number;
  staged: boolean;
  /** The planner: the last recipient queued (SK) and its offset; absent = none yet. */
  queuedThrough?: string;
  queuedOffsetMs?: number;
  counts: CampaignCounts;
  updatedAt: string;
};

export type CampaignRecipient = {
  companyId: number;
  campaignId: number;
  itemId: number;
  gen: number;
  name: string;
  number: string;
  email: string;
  /** The filled text sent (the chosen variant with its variables), and which variant (1–5). */
  body: string;
  variant: number | null;
  /** The filled confirmation text, on confirmation campaigns. */
  confirmationBody?: string;
  /** Planned send time, from the run's start. */
  offsetMs: number;
  status: RecipientStatus;
  prevStatus?: RecipientStatus;
  reason: string | null;
  externalId?: string;
  /** The session host's claim while it sends (same rule as a message's sendClaim). */
  sendClaim?: { host: string; at: number };
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
};

export const campaignsPartition = (cid: number) => `C#${cid}#CAMPS`;
export const campaignKey = (cid: number, id: number) => ({ PK: campaignsPartition(cid), SK: pad(id) });
export const campaignPartition = (cid: number, id: number) => `C#${cid}#CAMP#${id}`;
export const runKey = (cid: number, id: number) => ({ PK: campaignPartition(cid, id), SK: 'RUN' });
export const recipientSk = (itemId: number) => `R#${pad(itemId)}`;
export const recipientKey = (cid: number, id: number, itemId: number) => ({ PK: campaignPartition(cid, id), SK: recipientSk(itemId) });
export const RUNNING_PARTITION = 'P#CAMPRUN';
export const runningKey = (cid: number, id: number) => ({ PK: RUNNING_PARTITION, SK: `${cid}#${id}` });
export const optOutKey = (cid: number, digits: string) => ({ PK: `C#${cid}#OPTOUT`, SK: digits });
export const confirmationKey = (cid: number, whatsappId: number, digits: string) => ({ PK: `C#${cid}#CAMPCONF#${whatsappId}`, SK: digits });
export const capKey = (cid: number, whatsappId: number, day: string) => ({ PK: `C#${cid}#CAMPCAP#${whatsappId}`, SK: day });
export const settingsKey = (cid: number) => ({ PK: partitions.settings(cid), SK: 'campaignSettings' });

/** A write that lost: the campaign is gone (`missing`), or was changed since it was read (`changed`). */
export class CampaignConflict extends Error {
  constructor(readonly reason: 'missing' | 'changed') {
    super(reason);
  }
}

const isConditionFailure = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';
const toCampaign = (i: Record<string, unknown>) => fromItem(i) as Campaign;

/** A campaign, read consistently (the edit's read before its conditional write). */
export async function getCampaign(cid: number, id: number): Promise<Campaign | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: campaignKey(cid, id), ConsistentRead: true }));
  return out.Item ? toCampaign(out.Item) : undefined;
}

export async function insertCampaign(c: Campaign): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...campaignKey(c.companyId, c.id), entity: 'campaign', ...c }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/**
 * The campaign as read replaced by `after` (rev + 1): conditional on the revision and the status
 * read, so neither another edit nor the sender's status change (start, cancel, finish) is
 * overwritten with what this edit read.
 */
export async function replaceCampaign(before: Campaign, after: Campaign): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...campaignKey(after.companyId, after.id), entity: 'campaign', ...after },
        ConditionExpression: 'attribute_exists(PK) AND rev = :rev AND #st = :st',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':rev': before.rev, ':st': before.status },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new CampaignConflict((await getCampaign(before.companyId, before.id)) ? 'changed' : 'missing');
    throw err;
  }
}

/** Deletes the campaign item as read (same status); its run state and recipients are the sender's to forget. */
export async function removeCampaign(c: Campaign): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: campaignKey(c.companyId, c.id),
        ConditionExpression: 'attribute_exists(PK) AND #st = :st',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':st': c.status },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new CampaignConflict((await getCampaign(c.companyId, c.id)) ? 'changed' : 'missing');
    throw err;
  }
}

/** One page of the company's campaigns, newest first; `search` (folded) filters within the query. */
export async function campaignPage(cid: number, o: { after?: Record<string, unknown>; limit: number; search?: string }): Promise<{ items: Campaign[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': campaignsPartition(cid), ...(o.search ? { ':q': o.search } : {}) },
      ...(o.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ScanIndexForward: false,
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []).map(toCampaign), last: out.LastEvaluatedKey };
}

/** The stored settings, defaults filled in for what was never saved (or no longer parses); `rev` 0 when none were. */
export async function getCampaignSettings(cid: number): Promise<CampaignSettings & { rev: number }> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: settingsKey(cid), ConsistentRead: true }));
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(String(out.Item?.value ?? '{}')) as Record<string, unknown>;
  } catch {
    // a value that is not JSON: the defaults
  }
  // Each key as stored when it is still valid, else its default (one bad key spoils nothing else).
  const settings: Record<string, unknown> = { ...DEFAULT_CAMPAIGN_SETTINGS };
  for (const key of Object.keys(CampaignSettings.shape) as (keyof CampaignSettings)[]) {
    const one = CampaignSettings.shape[key].safeParse(stored[key]);
    if (one.success) settings[key] = one.data;
  }
  return { ...(settings as CampaignSettings), rev: Number(out.Item?.rev ?? 0) };
}

/** Stores the settings on the revision read (`rev` 0: none stored yet, or stored without one); false when another save came first. */
export async function putCampaignSettings(cid: number, s: CampaignSettings, rev: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...settingsKey(cid), entity: 'setting', value: JSON.stringify(s), rev: rev + 1, updatedAt: new Date().toISOString() },
        ConditionExpression: rev === 0 ? 'attribute_not_exists(rev)' : 'rev = :rev',
        ...(rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** What the report shows of a recipient (its texts stay unread). */
const REPORT_FIELDS = ['itemId', 'gen', '#n', '#num', '#st', 'reason', 'variant', 'offsetMs', 'sentAt', 'deliveredAt', 'readAt', 'confirmationRequestedAt', 'confirmedAt'];
export type ReportedRecipient = Pick<CampaignRecipient, 'itemId' | 'gen' | 'name' | 'number' | 'status' | 'reason' | 'variant' | 'offsetMs' | 'sentAt' | 'deliveredAt' | 'readAt' | 'confirmationRequestedAt' | 'confirmedAt'>;

/** One page of a campaign's recipients in list order, optionally of one status (a filter within the query). */
export async function recipientPage(
  cid: number,
  id: number,
  o: { after?: Record<string, unknown>; limit: number; status?: RecipientStatus },
): Promise<{ items: ReportedRecipient[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)',
      ProjectionExpression: REPORT_FIELDS.join(', '),
      ExpressionAttributeNames: { '#n': 'name', '#num': 'number', '#st': 'status' },
      ExpressionAttributeValues: { ':pk': campaignPartition(cid, id), ':r': 'R#', ...(o.status ? { ':s': o.status } : {}) },
      ...(o.status ? { FilterExpression: '#st = :s' } : {}),
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []) as ReportedRecipient[], last: out.LastEvaluatedKey };
}
