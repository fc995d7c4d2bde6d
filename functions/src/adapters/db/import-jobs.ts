/**
 * Contact import jobs: `C#<cid>#IMPORTS` / jobId, the progress the import worker writes as it
 * goes and GET /contacts/upload/{jobId} reads. Kept 7 days (TTL). See ACCESS_PATTERNS.md #43.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem } from './keys';

export type RowError = { row: number; error: string };

export type ImportJob = {
  jobId: string;
  companyId: number;
  userId: number;
  /** The uploaded file (S3 key under the company's upload prefix); for `chats`, the session's list once it answered ('' before). */
  key: string;
  /** `chats`: POST /contacts/import/chats, the people a session knows (import-chats.ts). */
  format: 'xlsx' | 'csv' | 'chats';
  /** `chats`: the connection asked, and the time its session has to answer (ms). */
  whatsappId?: number;
  deadline?: number;
  /** POST /contact-lists/{id}/upload: the rows become this list's items (import-list.ts), not contacts. */
  contactListId?: number;
  /** Rows of data in the file (header excluded); 0 until the worker has read the file. */
  total: number;
  /** Rows handled so far, in file order: the worker resumes after them. */
  done: number;
  created: number;
  skipped: number;
  /** Invalid and duplicate rows with their row numbers (the first ERRORS_KEPT). */
  errors: RowError[];
  finished: boolean;
  /** Why the whole file was refused (no number column, unreadable file). */
  failure?: string;
  createdAt: string;
  updatedAt: string;
};

/** Row errors kept on the job (about 40 bytes each: the item stays far below 400 KB). */
export const ERRORS_KEPT = 2_000;
const TTL_SECONDS = 7 * 24 * 3600;

const jobKey = (cid: number, jobId: string) => ({ PK: `C#${cid}#IMPORTS`, SK: jobId });

function toJob(item: Record<string, unknown>): ImportJob {
  const rest = fromItem(item, 'expiresAt');
  return rest as ImportJob;
}

export async function putJob(j: ImportJob): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...jobKey(j.companyId, j.jobId), entity: 'import', ...j, expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getJob(cid: number, jobId: string): Promise<ImportJob | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: jobKey(cid, jobId), ConsistentRead: true }));
  return out.Item ? toJob(out.Item) : undefined;
}

export type Progress = Pick<ImportJob, 'total' | 'done' | 'created' | 'skipped' | 'errors' | 'finished'> & { failure?: string };

/**
 * Saves progress made from `fromDone` rows: conditional on nobody else having moved the job on
 * (a second delivery of the same work stops there). False when the condition failed.
 */
export async function saveProgress(cid: number, jobId: string, fromDone: number, p: Progress): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: jobKey(cid, jobId),
        UpdateExpression: `SET #total = :total, #done = :done, created = :created, skipped = :skipped, #errors = :errors, finished = :finished, updatedAt = :now${p.failure ? ', failure = :failure' : ''}`,
        ConditionExpression: '#done = :from AND finished = :no',
        ExpressionAttributeNames: { '#total': 'total', '#done': 'done', '#errors': 'errors' },
        ExpressionAttributeValues: {
          ':total': p.total, ':done': p.done, ':created': p.created, ':skipped': p.skipped, ':errors': p.errors.slice(0, ERRORS_KEPT),
          ':finished': p.finished, ':now': new Date().toISOString(), ':from': fromDone, ':no': false,
          ...(p.failure ? { ':failure': p.failure } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** A chat import's list, once the session answered: only while the job has none and is not finished. */
export async function attachJobFile(cid: number, jobId: string, key: string, total: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: jobKey(cid, jobId),
        UpdateExpression: 'SET #key = :key, #total = :total, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND #key = :none AND finished = :no',
        ExpressionAttributeNames: { '#key': 'key', '#total': 'total' },
        ExpressionAttributeValues: { ':key': key, ':total': total, ':none': '', ':no': false, ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
