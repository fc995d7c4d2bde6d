/**
 * Reads the files users upload for imports (the presigned PUT of POST /messages/upload puts them
 * under `companies/<companyId>/uploads/`) from the media bucket.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../lib/config';
import { findDirectory, unpackedSize, ZIP_TAIL_BYTES } from '../lib/zip-size';
import { headMedia, s3 } from './media';

/** Where a company's uploads live; a key outside it is not the caller's file. */
export const companyUploadPrefix = (companyId: number): string => `companies/${companyId}/uploads/`;

/** The object's bytes (the first `upTo` only, when given); undefined when there is no such object. */
export function readUpload(key: string, upTo?: number): Promise<Buffer | undefined> {
  return readRange(key, upTo ? `bytes=0-${upTo - 1}` : undefined);
}

async function readRange(key: string, range: string | undefined): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ...(range ? { Range: range } : {}) }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}

/**
 * What a stored zip (an .xlsx upload) unpacks to, read from its central directory (two ranged
 * reads at most, nothing inflated); undefined when the object is missing or not a zip.
 */
export async function unpackedUploadSize(key: string): Promise<number | undefined> {
  const head = await headMedia(key);
  if (!head) return undefined;
  if (head.size === 0) return undefined;
  // An explicit range, not a suffix one (`bytes=-n`): the local S3 stand-in reads a suffix from the start.
  const tail = await readRange(key, `bytes=${Math.max(0, head.size - ZIP_TAIL_BYTES)}-${head.size - 1}`);
  const dir = tail && findDirectory(tail);
  if (!dir) return undefined;
  if (!Number.isFinite(dir.offset)) return Infinity;
  const tailStart = head.size - tail.length;
  const directory = dir.offset >= tailStart ? tail.subarray(dir.offset - tailStart) : await readRange(key, `bytes=${dir.offset}-${dir.offset + dir.size - 1}`);
  return directory ? unpackedSize(directory, dir.entries) : undefined;
}
