/**
 * Company backup jobs: `C#<cid>#BACKUPS` / jobId (progress, the multipart upload's parts, the read
 * position), kept 7 days (TTL); and the read of a company's items for it (ACCESS_PATTERNS.md #95–#96).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem } from './keys';

export type BackupJob = {
  jobId: string;
  companyId: number;
  userId: number;
  /** The file: `backups/companies/<cid>/<jobId>.jsonl` (expired by the bucket after 7 days). */
  key: string;
  uploadId?: string;
  parts: { n: number; etag: string }[];
  /** Where the read stands after the last part uploaded (the Scan's LastEvaluatedKey). */
  cursor?: Record<string, unknown>;
  items: number;
  finished: boolean;
  failed: boolean;
  createdAt: string;
  updatedAt: string;
};

const TTL_SECONDS = 7 * 24 * 3600;
const jobKey = (cid: number, jobId: string) => ({ PK: `C#${cid}#BACKUPS`, SK: jobId });

export async function putBackupJob(j: BackupJob): Promise<void> {
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...jobKey(j.companyId, j.jobId), entity: 'backup', ...j, expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS }, ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export async function getBackupJob(cid: number, jobId: string): Promise<BackupJob | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: jobKey(cid, jobId), ConsistentRead: true }));
  return out.Item ? (fromItem(out.Item, 'expiresAt') as BackupJob) : undefined;
}

/**
 * Moves a job on from the state it was read in (its part count): false when another worker moved
 * it first (a redelivered message), which then stops.
 */
export async function advanceBackupJob(j: BackupJob, partsBefore: number, change: Partial<Pick<BackupJob, 'uploadId' | 'parts' | 'cursor' | 'items' | 'finished' | 'failed'>>): Promise<boolean> {
  const names: Record<string, string> = { '#u': 'updatedAt', '#p': 'parts' };
  const values: Record<string, unknown> = { ':u': new Date().toISOString(), ':n': partsBefore };
  const sets = ['#u = :u'];
  const removes: string[] = [];
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) {
      removes.push(`#${k}`);
    } else {
      sets.push(`#${k} = :${k}`);
      values[`:${k}`] = v;
    }
    names[`#${k}`] = k;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: jobKey(j.companyId, j.jobId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'size(#p) = :n AND finished = :f',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':f': false },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

