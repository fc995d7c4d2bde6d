import { createHash } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../lib/config';
import { sdkClientOptions } from './sdk-options';

const cache = new Map<string, Promise<string | undefined>>();

/** A secret from the environment locally, from Secrets Manager by its ARN on AWS (once per cold start). */
function secret(value: string | undefined, arn: string | undefined): Promise<string | undefined> {
  const key = `${value ?? ''}\n${arn ?? ''}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = (async () => {
      if (value) return value;
      if (!arn) return undefined;
      const out = await new SecretsManagerClient({ ...sdkClientOptions, region: env().AWS_REGION }).send(new GetSecretValueCommand({ SecretId: arn }));
      if (!out.SecretString) throw new Error(`secret ${arn} is empty`);
      return out.SecretString;
    })();
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** A signing key and its id (the `kid` of the tokens it signs). */
export type SigningKey = { id: string; key: Uint8Array };
/** The JWT keys: `current` signs; `previous` (the key before a rotation) still verifies. */
export type KeyRing = { current: SigningKey; previous?: SigningKey };

const encode = (s: string) => new TextEncoder().encode(s);
let ring: { at: number; value: Promise<KeyRing> } | undefined;
/** A ring is read again at most this often when a token names a key it does not hold. */
const RING_REFRESH_MS = 60_000;

async function readRing(): Promise<KeyRing> {
  const e = env();
  if (e.JWT_SECRET) {
    // A local key's id is a short hash of it, so a token names the key that signed it across a rotation.
    const local = (value: string): SigningKey => ({ id: `k-${createHash('sha256').update(value).digest('base64url').slice(0, 12)}`, key: encode(value) });
    return { current: local(e.JWT_SECRET), ...(e.JWT_SECRET_PREVIOUS ? { previous: local(e.JWT_SECRET_PREVIOUS) } : {}) };
  }
  if (!e.JWT_SECRET_ARN) throw new Error('JWT_SECRET or JWT_SECRET_ARN must be set');
  // Secrets Manager keeps the value before the last rotation (put-secret-value or a rotation) as AWSPREVIOUS.
  const client = new SecretsManagerClient({ ...sdkClientOptions, region: e.AWS_REGION });
  const stage = async (VersionStage: string): Promise<SigningKey | undefined> => {
    try {
      const out = await client.send(new GetSecretValueCommand({ SecretId: e.JWT_SECRET_ARN, VersionStage }));
      return out.SecretString && out.VersionId ? { id: out.VersionId, key: encode(out.SecretString) } : undefined;
    } catch (err) {
      if ((err as { name?: string }).name === 'ResourceNotFoundException' && VersionStage === 'AWSPREVIOUS') return undefined;
      throw err;
    }
  };
  const [current, previous] = await Promise.all([stage('AWSCURRENT'), stage('AWSPREVIOUS')]);
  if (!current) throw new Error(`secret ${e.JWT_SECRET_ARN} is empty`);
  return { current, ...(previous ? { previous } : {}) };
}

/**
 * The JWT keys, once per cold start; `refresh` reads them again (a token signed with a key this
 * instance does not know yet: the secret was rotated since), at most once a minute.
 */
export function jwtKeys(opts: { refresh?: boolean } = {}): Promise<KeyRing> {
  const now = Date.now();
  if (!ring || (opts.refresh && now - ring.at >= RING_REFRESH_MS)) {
    const value = readRing();
    ring = { at: now, value };
    value.catch(() => {
      if (ring?.value === value) ring = undefined;
    });
  }
  return ring.value;
}

/** The key that signs now (also the root of the legacy sealing key: domain/auth/sealed.ts). */
export async function jwtSecret(): Promise<Uint8Array> {
  return (await jwtKeys()).current.key;
}

/**
 * The key second-factor secrets are sealed with (domain/auth/sealed.ts): its own secret, never
 * rotated with the JWT key (SEAL_SECRET / SEAL_SECRET_ARN); undefined where none is set (then the
 * JWT key's derivation seals, as before).
 */
export async function sealSecret(): Promise<Uint8Array | undefined> {
  const s = await secret(env().SEAL_SECRET, env().SEAL_SECRET_ARN);
  return s ? encode(s) : undefined;
}

/**
 * The value our CloudFront distribution puts in `x-origin-verify` on every request it forwards to
 * the API (infra/lib/stacks/web-stack.ts); undefined where there is none (locally).
 */
export function originSecret(): Promise<string | undefined> {
  return secret(env().ORIGIN_SECRET, env().ORIGIN_SECRET_ARN);
}

/** The secret path segment of the payment provider's webhook URL. */
export async function paymentWebhookSecret(): Promise<string> {
  const s = await secret(env().PAYMENT_WEBHOOK_SECRET, env().PAYMENT_WEBHOOK_SECRET_ARN);
  if (!s) throw new Error('PAYMENT_WEBHOOK_SECRET or PAYMENT_WEBHOOK_SECRET_ARN must be set');
  return s;
}

/** The Efí API's client secret (OAuth2 client credentials); undefined when not configured. */
export function efiClientSecret(): Promise<string | undefined> {
  return secret(env().EFI_CLIENT_SECRET, env().EFI_CLIENT_SECRET_ARN);
}

/** The SMTP password: SMTP_PASS locally, the secret SMTP_PASS_SECRET_ARN on AWS. */
export function smtpPassword(): Promise<string | undefined> {
  return secret(env().SMTP_PASS, env().SMTP_PASS_SECRET_ARN);
}

/** The first super admin's password (a generated secret the deploy creates: workers/bootstrap.ts). */
export function bootstrapPassword(): Promise<string | undefined> {
  return secret(undefined, env().BOOTSTRAP_PASSWORD_SECRET_ARN);
}

export function resetSecrets(): void {
  cache.clear();
  ring = undefined;
}
