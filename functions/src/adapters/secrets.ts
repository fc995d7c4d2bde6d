import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../lib/config';
import { sdkClientOptions } from './sdk-options';

let secret: Promise<Uint8Array> | undefined;

/** The JWT signing key: from the environment locally, from Secrets Manager on AWS (once per cold start). */
export function jwtSecret(): Promise<Uint8Array> {
  secret ??= (async () => {
    const e = env();
    if (e.JWT_SECRET) return new TextEncoder().encode(e.JWT_SECRET);
    if (!e.JWT_SECRET_ARN) throw new Error('JWT_SECRET or JWT_SECRET_ARN must be set');
    const out = await new SecretsManagerClient({ ...sdkClientOptions, region: e.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: e.JWT_SECRET_ARN }));
    if (!out.SecretString) throw new Error('JWT secret is empty');
    return new TextEncoder().encode(out.SecretString);
  })();
  return secret;
}

export function resetSecrets(): void {
  secret = undefined;
}
