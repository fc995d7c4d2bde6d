/**
 * Secrets of the Graph channels (Meta app secret, page / system-user access tokens). Tenants give
 * secret values (POST /whatsapp, PUT /whatsapp/{id}, POST /facebook); the server keeps each under
 * a name it derives from the company and the connection (storeChannelSecret) and stores on the
 * connection the reference it answers (`provider.appSecretRef`, `provider.accessTokenRef`):
 *   - `arn:aws:secretsmanager:…:secret:<CHANNEL_SECRETS_PREFIX><name>-…` a Secrets Manager secret
 *                          the server made (AWS), read once per CACHE_MS;
 *   - `plain:<value>`       the value itself, where no Secrets Manager is configured (local runs).
 * Nothing else resolves: not an environment variable, not a secret outside the prefix, so a
 * reference can never make the server use its own configuration as a channel secret.
 * The operator's platform-wide values come from the environment:
 *   - `META_VERIFY_TOKEN`  the token Meta echoes in the webhook verification GET;
 *   - `META_APP_SECRET`    the app secret that signs every webhook of the app (optional when each
 *                          connection has its own app secret);
 *   - `META_APP_SECRET_ARN` the same in Secrets Manager;
 *   - `META_APP_ID`        the app id the Facebook login exchanges tokens with;
 *   - `CHANNEL_SECRETS_PREFIX` where channel secrets go in Secrets Manager (AWS, set by the CDK
 *                          with the matching IAM prefix); unset = no Secrets Manager (local runs),
 *                          and storeChannelSecret answers a `plain:` reference.
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

/** Whether an ARN names a secret under the channel secrets prefix (one the server made). */
function isChannelSecretArn(ref: string): boolean {
  const prefix = process.env.CHANNEL_SECRETS_PREFIX;
  return !!prefix && /^arn:aws:secretsmanager:[a-z0-9-]+:\d{12}:secret:/.test(ref) && ref.slice(ref.indexOf(':secret:') + ':secret:'.length).startsWith(prefix);
}

function cachedSecret(arn: string): Promise<string | undefined> {
  const hit = cache.get(arn);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = fromSecretsManager(arn);
  cache.set(arn, { at: Date.now(), value });
  value.catch(() => cache.delete(arn)); // a failed read is retried on the next call
  return value;
}

/**
 * The value a connection's secret reference names (one storeChannelSecret answered); undefined for
 * no reference, an empty secret, or a reference the server did not make (an `env:` name, a bare
 * variable name, an ARN outside the channel secrets prefix).
 */
export function resolveSecretRef(ref: string | undefined): Promise<string | undefined> {
  if (!ref) return Promise.resolve(undefined);
  if (ref.startsWith('plain:')) return Promise.resolve(ref.slice('plain:'.length) || undefined);
  if (isChannelSecretArn(ref)) return cachedSecret(ref);
  return Promise.resolve(undefined);
}

/**
 * The webhook verification token (Meta's `hub.verify_token`): env `META_VERIFY_TOKEN` locally, the
 * secret `META_VERIFY_TOKEN_ARN` on AWS (read at run time, never in the function's configuration).
 */
export function metaVerifyToken(): Promise<string | undefined> {
  if (process.env.META_VERIFY_TOKEN) return Promise.resolve(process.env.META_VERIFY_TOKEN);
  const arn = process.env.META_VERIFY_TOKEN_ARN;
  return arn ? cachedSecret(arn) : Promise.resolve(undefined);
}

/** The platform's Meta app secret: env `META_APP_SECRET`, else the secret `META_APP_SECRET_ARN`. */
export function metaAppSecret(): Promise<string | undefined> {
  if (process.env.META_APP_SECRET) return Promise.resolve(process.env.META_APP_SECRET);
  const arn = process.env.META_APP_SECRET_ARN;
  return arn ? cachedSecret(arn) : Promise.resolve(undefined);
}

/** The Meta app id (Facebook login): env `META_APP_ID`. */
export function metaAppId(): string | undefined {
  return process.env.META_APP_ID || undefined;
}

const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,400}$/;

/** The name a connection's secret is kept under: the company first, then the connection and what it is. */
export const channelSecretName = (companyId: number, whatsappId: number, kind: 'access-token' | 'app-secret'): string => `${companyId}/whatsapp/${whatsappId}/${kind}`;

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
