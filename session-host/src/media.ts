/** Media in S3 (same endpoint rules as functions: S3_ENDPOINT, path style, checksums only when required). */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '@conversa/functions/lib/config';
import { sdkClientOptions } from '@conversa/functions/adapters/sdk-options';

let client: S3Client | undefined;
export function s3(): S3Client {
  const e = env();
  client ??= new S3Client({
    ...sdkClientOptions,
    region: e.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}
export function resetS3Client(): void {
  client = undefined;
}

export const MAX_MEDIA_BYTES = 64 * 1024 * 1024;

export async function getMedia(key: string): Promise<Buffer> {
  const out = await s3().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
  if (!out.Body) throw new Error(`media ${key} is empty`);
  return Buffer.from(await out.Body.transformToByteArray());
}

export async function putMedia(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
}

/** Where a received file lives: `companies/<cid>/media/<whatsappId>/<externalId>`. */
export const receivedMediaKey = (companyId: number, whatsappId: number, externalId: string) =>
  `companies/${companyId}/media/${whatsappId}/${externalId.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
