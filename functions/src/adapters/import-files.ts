/**
 * Reads the files users upload for imports (the presigned PUT of POST /messages/upload puts them
 * under `companies/<companyId>/uploads/`) from the media bucket.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../lib/config';
import { s3 } from './media';

/** Where a company's uploads live; a key outside it is not the caller's file. */
export const companyUploadPrefix = (companyId: number): string => `companies/${companyId}/uploads/`;

/** The object's bytes (the first `upTo` only, when given); undefined when there is no such object. */
export async function readUpload(key: string, upTo?: number): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ...(upTo ? { Range: `bytes=0-${upTo - 1}` } : {}) }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}
