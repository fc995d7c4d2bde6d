/** s3rver on a loopback port with the media bucket and a CORS rule for the app origin. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { withTimeout } from './net-utils';
import type { Logger } from './log';
import { sdkClientOptions } from '@conversa/functions/adapters/sdk-options';

export type S3Local = {
  endpoint: string;
  bucket: string;
  ping(timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
};

/** Client settings every local S3 client needs (STACK-NOTES: path style, no default checksums). */
export function localS3Client(endpoint: string, timeoutMs = 2000): S3Client {
  return new S3Client({
    ...sdkClientOptions,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
  });
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (o) => `<CORSRule>
    <AllowedOrigin>${esc(o)}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader><ExposeHeader>Location</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n  ');
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n  ${rules}\n</CORSConfiguration>`;
}

/**
 * s3rver only knows the access key S3RVER; the local environment signs with `local` (V4 signatures
 * are not verified, but the key must exist).
 */
function registerLocalKey(): void {
  const require = createRequire(import.meta.url);
  const account = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  account.DUMMY_ACCOUNT.createKeyPair('local', 'local');
}

export async function startS3Local(opts: { persistDir?: string; bucket: string; origins: string[]; log: Logger }): Promise<S3Local> {
  const temp = !opts.persistDir;
  const directory = opts.persistDir ? path.resolve(opts.persistDir, 's3') : mkdtempSync(path.join(os.tmpdir(), 'conversa-s3-'));
  mkdirSync(directory, { recursive: true });
  registerLocalKey();
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.origins)] }],
  });
  let address;
  try {
    address = await server.run();
  } catch (err) {
    if (temp) rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = localS3Client(endpoint, 1000);
  opts.log.info('s3 ready', { endpoint, bucket: opts.bucket, persist: temp ? 'memory' : 'disk' });
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    bucket: opts.bucket,
    async ping(timeoutMs = 1000) {
      try {
        await withTimeout(client.send(new HeadBucketCommand({ Bucket: opts.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) }), timeoutMs + 100, 'HeadBucket');
        return true;
      } catch {
        return false;
      }
    },
    stop() {
      stopping ??= (async () => {
        client.destroy();
        server.httpServer?.closeAllConnections?.();
        await server.close().catch(() => undefined);
        if (temp) rmSync(directory, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
