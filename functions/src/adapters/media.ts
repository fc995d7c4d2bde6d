/**
 * Media in S3 (MEDIA_BUCKET, keys `companies/<companyId>/...`). With S3_ENDPOINT (the local
 * s3rver) the client uses path-style addressing and computes checksums only when an operation
 * requires them, as the stand-in does not speak the newer default checksum headers.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '../lib/config';

let client: S3Client | undefined;

export function s3(): S3Client {
  if (client) return client;
  const e = env();
  client = new S3Client({
    region: e.AWS_REGION,
    ...(e.S3_ENDPOINT
      ? { endpoint: e.S3_ENDPOINT, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
  return client;
}

export function resetMediaClient(): void {
  client = undefined;
}

/** A safe S3 key segment from a channel's id (wamid.…=, m_…): no slashes, bounded. */
export const keySegment = (s: string): string => s.replace(/[^A-Za-z0-9._=-]/g, '_').slice(0, 200) || '_';

/** Where a received message's media lives. */
export const inboundMediaKey = (companyId: number, whatsappId: number, externalId: string): string =>
  `companies/${companyId}/media/${whatsappId}/${keySegment(externalId)}`;

export async function putMedia(key: string, body: Buffer, contentType: string, filename?: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.length,
      ...(filename ? { ContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(filename)}` } : {}),
    }),
  );
}
