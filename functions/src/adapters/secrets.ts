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

/** The JWT signing key. */
export async function jwtSecret(): Promise<Uint8Array> {
  const s = await secret(env().JWT_SECRET, env().JWT_SECRET_ARN);
  if (!s) throw new Error('JWT_SECRET or JWT_SECRET_ARN must be set');
  return new TextEncoder().encode(s);
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

export function resetSecrets(): void {
  cache.clear();
}
