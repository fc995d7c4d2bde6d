/**
 * The platform's payment certificate (the Efí .p12 for the Pix API's mutual TLS), kept as a secret
 * under a name the server chose, never in the media bucket and never answered to a client:
 *   - on AWS, in the Secrets Manager secret `EFI_CERTIFICATE_SECRET_ARN` (made by the CDK, binary),
 *     each upload a new version; the table item `P#PAYMENT / CERTIFICATE` names the version in use;
 *   - where no Secrets Manager is configured (local runs, tests), the bytes ride in that item as
 *     `plain:<base64>`, as channel secrets do (channel-secrets.ts).
 * The item also holds what the panel shows (subject, expiry, upload time). The secret is written
 * first, so the item never names bytes that are not stored. Each container keeps the bytes and
 * re-reads the item at most once a minute, loading the secret again only when its fingerprint changed.
 */
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/config';
import { db, table } from './db/client';
import { fromItem, keys, partitions } from './db/keys';
import { sdkClientOptions } from './sdk-options';

/** What is known about the installed certificate, without its bytes. */
export type CertificateMeta = {
  subject: string;
  expiresAt: string;
  /** SHA-256 of the .p12 (hex): tells containers that it changed. */
  fingerprint: string;
  uploadedAt: string;
  uploadedBy: number;
};

export type LoadedCertificate = { pfx: Buffer; fingerprint: string };

const CACHE_MS = 60_000;
let sm: SecretsManagerClient | undefined;
let cached: { at: number; value: Promise<LoadedCertificate | undefined> } | undefined;

const secrets = (): SecretsManagerClient => (sm ??= new SecretsManagerClient({ ...sdkClientOptions, region: env().AWS_REGION }));

async function storeBytes(pfx: Buffer): Promise<string> {
  const arn = env().EFI_CERTIFICATE_SECRET_ARN;
  if (!arn) return `plain:${pfx.toString('base64')}`;
  const out = await secrets().send(new PutSecretValueCommand({ SecretId: arn, SecretBinary: pfx }));
  if (!out.VersionId) throw new Error('Secrets Manager answered no version for the payment certificate');
  return `version:${out.VersionId}`;
}

async function loadBytes(ref: string): Promise<Buffer | undefined> {
  if (ref.startsWith('plain:')) return Buffer.from(ref.slice('plain:'.length), 'base64');
  const arn = env().EFI_CERTIFICATE_SECRET_ARN;
  if (!ref.startsWith('version:') || !arn) return undefined;
  const out = await secrets().send(new GetSecretValueCommand({ SecretId: arn, VersionId: ref.slice('version:'.length) }));
  return out.SecretBinary ? Buffer.from(out.SecretBinary) : undefined;
}

/** Keeps a new certificate (replacing the one installed) and answers what the previous one was. */
export async function storePaymentCertificate(pfx: Buffer, meta: CertificateMeta): Promise<CertificateMeta | undefined> {
  const ref = await storeBytes(pfx);
  const out = await db().send(new PutCommand({ TableName: table(), Item: { ...keys.payment('CERTIFICATE'), entity: 'paymentCertificate', ...meta, ref }, ReturnValues: 'ALL_OLD' }));
  cached = { at: Date.now(), value: Promise.resolve({ pfx, fingerprint: meta.fingerprint }) };
  return out.Attributes ? (fromItem(out.Attributes, 'ref') as CertificateMeta) : undefined;
}

/** The certificate's description and the webhook's registration: one Query of two items. */
export async function readPaymentState(): Promise<{ certificate?: CertificateMeta; webhookRegisteredAt?: string }> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partitions.payment } }));
  const bySk = new Map((out.Items ?? []).map((i) => [String(i.SK), i]));
  const cert = bySk.get('CERTIFICATE');
  const hook = bySk.get('WEBHOOK');
  return {
    ...(cert ? { certificate: fromItem(cert, 'ref') as CertificateMeta } : {}),
    ...(hook ? { webhookRegisteredAt: String(hook.registeredAt) } : {}),
  };
}

export async function markWebhookRegistered(registeredAt: string, by: number): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.payment('WEBHOOK'), entity: 'paymentWebhook', registeredAt, registeredBy: by } }));
}

async function load(previous: LoadedCertificate | undefined): Promise<LoadedCertificate | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.payment('CERTIFICATE') }));
  const item = out.Item;
  if (!item) return undefined;
  const fingerprint = String(item.fingerprint);
  if (previous?.fingerprint === fingerprint) return previous;
  const pfx = await loadBytes(String(item.ref));
  return pfx ? { pfx, fingerprint } : undefined;
}

/** The installed certificate's bytes for the TLS client, or undefined when none is installed. */
export function paymentCertificate(): Promise<LoadedCertificate | undefined> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const previous = cached?.value;
  const value = (async () => load(await previous?.catch(() => undefined)))();
  cached = { at: Date.now(), value };
  value.catch(() => {
    if (cached?.value === value) cached = undefined; // a failed read is retried on the next call
  });
  return value;
}

/** Forgets the bytes this container holds (tests; a refused certificate is read again at once). */
export function forgetPaymentCertificate(): void {
  cached = undefined;
}
