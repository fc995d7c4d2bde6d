/**
 * Flows, their saved versions and their phrase triggers (BEHAVIOUR.md "Flows"; ACCESS_PATTERNS.md
 * #134 on). The keys and stored shapes the flow builder's API and the flow runtime share:
 *
 * - The flow (what the list shows): `C#<cid>#FLOWS` / pad(id): name, active, the current
 *   `version` (0 = never saved), `rev`.
 * - Each saved version, immutable: `C#<cid>#FLOW#<id>` / `V#<pad(version)>#<chunk>`, the graph as
 *   gzipped JSON split in chunks of ≤ 350 KB (DynamoDB's item limit is 400 KB; a 500-node flow
 *   with media is ~20–60 KB gzipped, one chunk). A saved version never changes, so the runtime
 *   caches it by (company, flow, version) for the life of the process; running tickets keep the
 *   version they started on (BEHAVIOUR: a flow edited mid-run).
 * - Saving writes the chunks and moves the flow's `version` in one transaction, conditional on the
 *   version the editor loaded (two tabs saving: the second gets ERR_FLOW_VERSION_CONFLICT, and
 *   its chunks are never written over the first's).
 * - Phrase triggers: `C#<cid>#FLOWTRIG` / pad(id): name, flowId, phrase, matchType, whatsappId,
 *   status. Read whole per company (a company has tens) when an inbound message may start a flow.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { FlowGraph, FlowTriggerView } from '@conversa/shared/schemas/flows';
import { db, table } from './client';
import { fromItem, pad } from './keys';
import { flowKeys } from './flow-keys';

export type Flow = { id: number; companyId: number; name: string; active: boolean; version: number; rev: number; createdAt: string; updatedAt: string; lastError?: string; lastErrorAt?: string };
export type FlowTrigger = FlowTriggerView & { companyId: number };

const CHUNK_BYTES = 350 * 1024;
/** The most chunks one version may take (≈ 3.4 MB gzipped, within a transaction's 4 MB): far beyond FLOW_LIMITS.documentBytesMax. */
export const MAX_CHUNKS = 10;

export { flowKeys } from './flow-keys';

export class FlowVersionConflict extends Error {}

export async function getFlow(cid: number, id: number, consistent = false): Promise<Flow | null> {
  const r = await db().send(new GetCommand({ TableName: table(), Key: flowKeys.flow(cid, id), ConsistentRead: consistent }));
  return r.Item ? (fromItem(r.Item) as Flow) : null;
}

/** Every flow of a company, by id (the list pages on the client, spec 3: 10 per page). */
export async function listFlows(cid: number): Promise<Flow[]> {
  const out: Flow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': flowKeys.flows(cid) }, ExclusiveStartKey: start }));
    for (const item of r.Items ?? []) out.push(fromItem(item) as Flow);
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

export async function putFlow(flow: Flow): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...flowKeys.flow(flow.companyId, flow.id), entity: 'Flow', ...flow }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** Renames (or (de)activates) a flow; false when it is gone. */
export async function updateFlowFields(cid: number, id: number, fields: Partial<Pick<Flow, 'name' | 'active'>>, now: string): Promise<Flow | null> {
  const names: Record<string, string> = { '#u': 'updatedAt', '#r': 'rev' };
  const values: Record<string, unknown> = { ':u': now, ':one': 1 };
  const sets = ['#u = :u'];
  for (const [k, v] of Object.entries(fields)) {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
  }
  try {
    const r = await db().send(new UpdateCommand({ TableName: table(), Key: flowKeys.flow(cid, id), UpdateExpression: `SET ${sets.join(', ')} ADD #r :one`, ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW' }));
    return fromItem(r.Attributes!) as Flow;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return null;
    throw err;
  }
}

/**
 * Stores `graph` as the flow's next version: its chunks and the flow's `version` moved from
 * `expected` (what the caller loaded) to `expected + 1`, in one transaction, so the chunks of a
 * save that lost the race are never written (they would be the winner's version number). Answers
 * the new version. Throws FlowVersionConflict when another save came first or the flow is gone.
 * A transaction holds at most 4 MB: MAX_CHUNKS chunks of CHUNK_BYTES fit.
 */
export async function saveFlowVersion(cid: number, id: number, expected: number, graph: FlowGraph, now: string): Promise<number> {
  const next = expected + 1;
  const zipped = gzipSync(Buffer.from(JSON.stringify(graph)));
  const chunks: Buffer[] = [];
  for (let at = 0; at < zipped.length; at += CHUNK_BYTES) chunks.push(zipped.subarray(at, at + CHUNK_BYTES));
  if (chunks.length > MAX_CHUNKS) throw new RangeError('flow too large');
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: flowKeys.flow(cid, id),
              UpdateExpression: 'SET #v = :next, #u = :u ADD #r :one',
              ConditionExpression: 'attribute_exists(PK) AND #v = :expected',
              ExpressionAttributeNames: { '#v': 'version', '#u': 'updatedAt', '#r': 'rev' },
              ExpressionAttributeValues: { ':next': next, ':expected': expected, ':u': now, ':one': 1 },
            },
          },
          ...chunks.map((data, i) => ({ Put: { TableName: table(), Item: { ...flowKeys.version(cid, id, next, i), entity: 'FlowVersion', data, chunks: chunks.length, savedAt: now } } })),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') throw new FlowVersionConflict();
    throw err;
  }
  return next;
}

const cache = new Map<string, FlowGraph>();
const CACHE_MAX = 200;

/** A saved version's graph (immutable: cached per process). Null when it is not there. */
export async function getFlowGraph(cid: number, id: number, version: number): Promise<FlowGraph | null> {
  if (version < 1) return null;
  const ck = `${cid}:${id}:${version}`;
  const hit = cache.get(ck);
  if (hit) return hit;
  const prefix = `V#${pad(version)}#`;
  const r = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)', ExpressionAttributeValues: { ':pk': flowKeys.versions(cid, id), ':v': prefix }, ConsistentRead: true }));
  const items = (r.Items ?? []).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
  if (items.length === 0 || items.length !== Number(items[0]!.chunks)) return null;
  const graph = JSON.parse(gunzipSync(Buffer.concat(items.map((i) => Buffer.from(i.data as Uint8Array)))).toString('utf8')) as FlowGraph;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(ck, graph);
  return graph;
}

/** Deletes the flow item (its versions stay until the company's data goes: running tickets may still be on one). */
export async function deleteFlow(cid: number, id: number): Promise<boolean> {
  const r = await db().send(new DeleteCommand({ TableName: table(), Key: flowKeys.flow(cid, id), ReturnValues: 'ALL_OLD' }));
  return Boolean(r.Attributes);
}

export async function listFlowTriggers(cid: number): Promise<FlowTrigger[]> {
  const r = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': flowKeys.triggers(cid) } }));
  return (r.Items ?? []).map((i) => fromItem(i) as FlowTrigger);
}

export async function getFlowTrigger(cid: number, id: number): Promise<FlowTrigger | null> {
  const r = await db().send(new GetCommand({ TableName: table(), Key: flowKeys.trigger(cid, id) }));
  return r.Item ? (fromItem(r.Item) as FlowTrigger) : null;
}

/** Writes a trigger: a new one (`attribute_not_exists`), or, with `existing`, one that is still there (false when it is gone). */
export async function putFlowTrigger(t: FlowTrigger, existing = false): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: { ...flowKeys.trigger(t.companyId, t.id), entity: 'FlowTrigger', ...t }, ConditionExpression: existing ? 'attribute_exists(PK)' : 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if (existing && err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

export async function deleteFlowTrigger(cid: number, id: number): Promise<boolean> {
  const r = await db().send(new DeleteCommand({ TableName: table(), Key: flowKeys.trigger(cid, id), ReturnValues: 'ALL_OLD' }));
  return Boolean(r.Attributes);
}

/** A run of the flow stopped on an error (the 100-step loop): kept on the flow item for the admin (`lastError`, `lastErrorAt`). */
export async function recordFlowError(cid: number, id: number, message: string, at: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({ TableName: table(), Key: flowKeys.flow(cid, id), UpdateExpression: 'SET lastError = :e, lastErrorAt = :at', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':e': message.slice(0, 500), ':at': at } }));
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}
