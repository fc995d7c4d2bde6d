/**
 * The company-deletion job (#89): one item per company being deleted, `PK=P#COMPANYDEL`,
 * `SK=<cid padded>`, holding where the job stands (phase, pass, the Scan's position, the media
 * listing's token) and its counts. Every step moves `step` conditionally, so two deliveries of the
 * same job never both go on; the item outlives the company (state done, TTL 30 days) so the super
 * admin's screen sees the end. It names its company `cid`, not `companyId`: the job's own Scan
 * deletes platform items whose `companyId` is the company's.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { db, table } from './client';
import { pad } from './keys';

export type DeletionPhase = 'users' | 'scan' | 'media' | 'company' | 'done';

export type DeletionJob = {
  cid: number;
  jobId: string;
  state: 'running' | 'done';
  phase: DeletionPhase;
  /** The Scan's pass (1 or 2: the second finds what was written while the first ran). */
  pass: number;
  /** The Scan's ExclusiveStartKey (JSON) or the media listing's continuation token. */
  position?: string;
  step: number;
  deleted: number;
  scanned: number;
  objects: number;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
  expiresAt?: number;
};

const jobKey = (cid: number) => ({ PK: 'P#COMPANYDEL', SK: pad(cid) });

export async function getDeletionJob(cid: number): Promise<DeletionJob | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: jobKey(cid), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { PK: _p, SK: _s, entity: _e, ...job } = out.Item;
  return job as DeletionJob;
}

/** Starts a job, unless one for this company is already there (its first one stands). */
export async function putDeletionJob(job: DeletionJob): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: { ...jobKey(job.cid), entity: 'companyDeletion', ...job }, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Saves the job's next position, if nobody else moved it since `from` was read. */
export async function advanceJob(from: DeletionJob, next: DeletionJob): Promise<boolean> {
  const { cid: _c, ...fields } = { ...next, step: from.step + 1, updatedAt: new Date().toISOString() };
  const names = Object.keys(fields).filter((k) => (fields as Record<string, unknown>)[k] !== undefined);
  const removed = Object.keys(fields).filter((k) => (fields as Record<string, unknown>)[k] === undefined);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: jobKey(from.cid),
        UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}${removed.length ? ` REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
        ConditionExpression: 'step = :was AND jobId = :job',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#n${i}`, n])), ...Object.fromEntries(removed.map((n, i) => [`#r${i}`, n])) },
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, (fields as Record<string, unknown>)[n]])), ':was': from.step, ':job': from.jobId },
      }),
    );
    Object.assign(from, next, { step: from.step + 1 });
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}


export async function deleteKeys(keys: { PK: string; SK: string }[]): Promise<void> {
  await batchWrite(
    keys.map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })),
    'company deletion',
  );
}
