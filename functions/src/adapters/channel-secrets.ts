/**
 * Secrets of the Graph channels (Meta app secret, page / system-user access tokens), named by a
 * reference stored on the connection (`provider.appSecretRef`, `provider.accessTokenRef`):
 *   - `plain:<value>`       the value itself (local runs and tests only);
 *   - `env:<NAME>` or `NAME` an environment variable of the function (local runs);
 *   - `arn:aws:secretsmanager:...` a Secrets Manager secret (AWS), read once per cold start.
 * Platform-wide values come from the environment:
 *   - `META_VERIFY_TOKEN`  the token Meta echoes in the webhook verification GET;
 *   - `META_APP_SECRET`    the app secret that signs every webhook of the app (optional when each
 *                          connection names its own `appSecretRef`);
 *   - `META_APP_SECRET_ARN` the same in Secrets Manager.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../lib/config';

let client: SecretsManagerClient | undefined;
const cache = new Map<string, Promise<string | undefined>>();

async function fromSecretsManager(arn: string): Promise<string | undefined> {
  client ??= new SecretsManagerClient({ region: env().AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return out.SecretString || undefined;
}

/** The value a reference names; undefined when it names nothing (unset variable, empty secret). */
export function resolveSecretRef(ref: string | undefined): Promise<string | undefined> {
  if (!ref) return Promise.resolve(undefined);
  if (ref.startsWith('plain:')) return Promise.resolve(ref.slice('plain:'.length) || undefined);
  if (ref.startsWith('arn:aws:secretsmanager:')) {
    let hit = cache.get(ref);
    if (!hit) {
      hit = fromSecretsManager(ref);
      cache.set(ref, hit);
      hit.catch(() => cache.delete(ref)); // a failed read is retried on the next call
    }
    return hit;
  }
  const name = ref.startsWith('env:') ? ref.slice('env:'.length) : ref;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return Promise.resolve(undefined);
  return Promise.resolve(process.env[name] || undefined);
}

/** The webhook verification token (Meta's `hub.verify_token`): env `META_VERIFY_TOKEN`. */
export function metaVerifyToken(): string | undefined {
  return process.env.META_VERIFY_TOKEN || undefined;
}

/** The platform's Meta app secret: env `META_APP_SECRET`, else the secret `META_APP_SECRET_ARN`. */
export function metaAppSecret(): Promise<string | undefined> {
  if (process.env.META_APP_SECRET) return Promise.resolve(process.env.META_APP_SECRET);
  return resolveSecretRef(process.env.META_APP_SECRET_ARN);
}

export function resetChannelSecrets(): void {
  cache.clear();
  client = undefined;
}
