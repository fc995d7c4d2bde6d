/**
 * Media in S3 (MEDIA_BUCKET, keys `companies/<companyId>/...`). With S3_ENDPOINT (the local
 * s3rver) the client uses path-style addressing. Checksums are computed only when an operation
 * requires them: the stand-in does not speak the newer default checksum headers, and a
 * presigned PUT must not carry the checksum of an empty body (the browser sends the file).
 */
import { randomUUID } from 'node:crypto';
import { CompleteMultipartUploadCommand, CopyObjectCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../lib/config';
import { sdkClientOptions } from './sdk-options';
import { traced } from '../lib/trace';

let client: S3Client | undefined;

export function s3(): S3Client {
  if (client) return client;
  const e = env();
  client = traced(new S3Client({
    ...sdkClientOptions,
    region: e.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT, forcePathStyle: true } : {}),
  }));
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

/** Presigned URLs: uploads live 10 minutes, reads 10 minutes (spec: short-lived, 5 to 15). */
export const UPLOAD_URL_SECONDS = 600;
export const READ_URL_SECONDS = 600;

/**
 * A storage key of the company's own: under `companies/<companyId>/`, made of the characters the
 * server's keys use, no empty, `.` or `..` segment. Keys a client or a payload names are checked
 * with this (and, where they name an upload, its prefix and existence) before any use.
 */
export function isCompanyKey(companyId: number, key: string): boolean {
  const prefix = `companies/${companyId}/`;
  if (!key.startsWith(prefix) || key.length > 1024 || !/^[A-Za-z0-9/_.=-]+$/.test(key)) return false;
  return key.slice(prefix.length).split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Every file an agent uploads sits under its company's upload prefix. */
export const uploadPrefix = (companyId: number): string => `companies/${companyId}/uploads/`;

/** A file name safe in a key and in a Content-Disposition: accents folded, no path, bounded. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const folded = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const clean = folded.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-120);
  return clean || 'file';
}

export const newUploadKey = (companyId: number, filename: string): string => `${uploadPrefix(companyId)}${randomUUID()}/${safeFilename(filename)}`;

/** Where the browser PUTs a file: the content type and length are part of the signature. */
export async function presignUpload(key: string, mimetype: string, size: number): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }> {
  const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ContentType: mimetype, ContentLength: size }), {
    expiresIn: UPLOAD_URL_SECONDS,
    // Without this the presigner leaves the type out of the signature and S3 would take any type.
    signableHeaders: new Set(['content-type']),
  });
  return { url, headers: { 'content-type': mimetype }, expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

/** A short-lived GET URL of a stored file (signed locally: no request to S3). */
export function presignRead(key: string, filename?: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ...(filename ? { ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(filename)}` } : {}) }),
    { expiresIn: READ_URL_SECONDS },
  );
}

/** A GET URL a channel provider fetches a file from to send it (the Graph API: within the hour). */
export function presignProviderRead(key: string): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }), { expiresIn: 3600 });
}

/** Size and type of a stored file; undefined when there is none. */
export async function headMedia(key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    return { size: Number(out.ContentLength ?? 0), ...(out.ContentType ? { contentType: out.ContentType } : {}) };
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}

export async function readMedia(key: string, maxBytes: number): Promise<Buffer> {
  const out = await s3().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
  if (Number(out.ContentLength ?? 0) > maxBytes) throw new Error(`media ${key} is larger than ${maxBytes} bytes`);
  return Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
}

/** One page of the keys under a prefix (a company's media, `companies/<cid>/`). */
export async function listMediaKeys(prefix: string, token: string | undefined): Promise<{ keys: string[]; next?: string }> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: env().MEDIA_BUCKET, Prefix: prefix, ContinuationToken: token, MaxKeys: 200 }));
  return { keys: (out.Contents ?? []).map((o) => o.Key!).filter(Boolean), next: out.IsTruncated ? out.NextContinuationToken : undefined };
}

/** Deletes objects one by one (the local stand-in's multi-delete wants an MD5 the SDK no longer sends); a missing key is no error. */
export async function deleteMedia(keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 10) {
    await Promise.all(keys.slice(i, i + 10).map((Key) => s3().send(new DeleteObjectCommand({ Bucket: env().MEDIA_BUCKET, Key }))));
  }
}

/** Copies a stored object to another key with the given type (server-side: the bytes never pass through the Lambda). */
export async function copyMedia(from: string, to: string, contentType: string, filename?: string): Promise<void> {
  const bucket = env().MEDIA_BUCKET;
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
      ...(filename ? { ContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(filename)}` } : {}),
    }),
  );
}

/** A multipart upload (the company backup writes its file in parts of ≥ 5 MB across invocations). */
export async function startMultipart(key: string, contentType: string): Promise<string> {
  const out = await s3().send(new CreateMultipartUploadCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ContentType: contentType }));
  return out.UploadId!;
}

export async function uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
  const out = await s3().send(new UploadPartCommand({ Bucket: env().MEDIA_BUCKET, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: body, ContentLength: body.length }));
  return out.ETag!;
}

export async function completeMultipart(key: string, uploadId: string, parts: { n: number; etag: string }[]): Promise<void> {
  await s3().send(
    new CompleteMultipartUploadCommand({ Bucket: env().MEDIA_BUCKET, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) } }),
  );
}

/** A short-lived download link (an attachment, not shown inline). */
export function presignDownload(key: string, filename: string, seconds = READ_URL_SECONDS): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ResponseContentDisposition: `attachment; filename="${safeFilename(filename)}"` }), { expiresIn: seconds });
}
