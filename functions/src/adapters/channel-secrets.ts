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
 *   - `META_APP_SECRET_ARN` the same in Secrets Manager;
 *   - `META_APP_ID`        the app id the Facebook login exchanges tokens with;
 *   - `CHANNEL_SECRETS_PREFIX` where new channel secrets go in Secrets Manager (AWS, set by the CDK
 *                          with the matching IAM prefix); unset = no Secrets Manager (local runs),
 *                          and storeChannelSecret answers a `plain:` reference.
 * Secrets Manager reads are cached per container for CACHE_MS, so a rotated page token reaches
 * every container within minutes without a cold start.
 */
import { CreateSecretCommand, GetSecretValueCommand, PutSecretValueCommand, ResourceExistsException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../lib/config';
import { sdkClientOptions } from './sdk-options';

let client: SecretsManagerClient | undefined;
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: Promise<string | undefined> }>();

const sm = (): SecretsManagerClient => (client ??= new SecretsManagerClient({ ...sdkClientOptions, region: env().AWS_REGION }));

async function fromSecretsManager(arn: string): Promise<string | undefined> {
  const out = await sm().send(new GetSecretValueCommand({ SecretId: arn }));
  return out.SecretString || undefined;
}

/** The value a reference names; undefined when it names nothing (unset variable, empty secret). */
export function resolveSecretRef(ref: string | undefined): Promise<string | undefined> {
  if (!ref) return Promise.resolve(undefined);
  if (ref.startsWith('plain:')) return Promise.resolve(ref.slice('plain:'.length) || undefined);
  if (ref.startsWith('arn:aws:secretsmanager:')) {
    const hit = cache.get(ref);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = fromSecretsManager(ref);
    cache.set(ref, { at: Date.now(), value });
    value.catch(() => cache.delete(ref)); // a failed read is retried on the next call
    return value;
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

/** The Meta app id (Facebook login): env `META_APP_ID`. */
export function metaAppId(): string | undefined {
  return process.env.META_APP_ID || undefined;
}

const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,400}$/;

/**
 * Keeps a channel secret (a page access token) and answers the reference to store on the
 * connection. With `CHANNEL_SECRETS_PREFIX` (AWS): the secret `<prefix><name>` is created, or
 * given a new value when it exists, and its ARN is the reference. Without it (local runs, tests):
 * `plain:<value>`, as no Secrets Manager is configured.
 */
export async function storeChannelSecret(name: string, value: string): Promise<string> {
  const prefix = process.env.CHANNEL_SECRETS_PREFIX;
  if (!prefix) return `plain:${value}`;
  const id = `${prefix}${name}`;
  if (!SECRET_NAME.test(id)) throw new Error(`invalid secret name ${id}`);
  let arn: string | undefined;
  try {
    arn = (await sm().send(new CreateSecretCommand({ Name: id, SecretString: value, Description: 'Conversa channel access token' }))).ARN;
  } catch (err) {
    if (!(err instanceof ResourceExistsException) && (err as { name?: string }).name !== 'ResourceExistsException') throw err;
    arn = (await sm().send(new PutSecretValueCommand({ SecretId: id, SecretString: value }))).ARN;
  }
  if (!arn) throw new Error(`Secrets Manager answered no ARN for ${id}`);
  cache.set(arn, { at: Date.now(), value: Promise.resolve(value) });
  return arn;
}

export function resetChannelSecrets(): void {
  cache.clear();
  client = undefined;
}
