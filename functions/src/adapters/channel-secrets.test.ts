/**
 * Channel secrets (issue 18 item 2): only references the server made resolve. A connection that
 * names an environment variable (`env:JWT_SECRET`, a bare `JWT_SECRET`) or a secret outside the
 * channel secrets prefix resolves to nothing, so a webhook can never be verified with, nor a
 * Graph call carry, the platform's own configuration.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { signBody } from '../domain/channels/graph-signature';
import { AppError } from '../lib/app-error';
import { receiveWebhook, type WebhookDeps } from '../webhooks/receive';
import type { Connection } from './db/connections';
import { channelSecretName, resetChannelSecrets, resolveSecretRef, storeChannelSecret } from './channel-secrets';

const sm = mockClient(SecretsManagerClient);
const ARN = (name: string) => `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}-AbCdEf`;

beforeEach(() => {
  sm.reset();
  resetChannelSecrets();
  process.env.JWT_SECRET_FOR_TEST = 'platform-jwt-key-value';
});
afterEach(() => {
  delete process.env.CHANNEL_SECRETS_PREFIX;
  delete process.env.JWT_SECRET_FOR_TEST;
});

describe('resolveSecretRef', () => {
  it('resolves no environment variable, by prefix or bare name', async () => {
    expect(await resolveSecretRef('env:JWT_SECRET_FOR_TEST')).toBeUndefined();
    expect(await resolveSecretRef('JWT_SECRET_FOR_TEST')).toBeUndefined();
    expect(await resolveSecretRef('plain:valor')).toBe('valor');
    expect(await resolveSecretRef(undefined)).toBeUndefined();
  });

  it('reads only secrets under the channel secrets prefix', async () => {
    process.env.CHANNEL_SECRETS_PREFIX = 'conversa/channels/';
    sm.on(GetSecretValueCommand).callsFake((input: { SecretId: string }) => ({ SecretString: `value of ${input.SecretId}` }));
    const own = ARN('conversa/channels/7/whatsapp/3/access-token');
    expect(await resolveSecretRef(own)).toBe(`value of ${own}`);
    expect(await resolveSecretRef(ARN('conversa/jwt-signing-key'))).toBeUndefined();
    expect(await resolveSecretRef(ARN('other/conversa/channels/7'))).toBeUndefined();
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('stores a tenant value under a name of the company and the connection', async () => {
    expect(channelSecretName(7, 3, 'access-token')).toBe('7/whatsapp/3/access-token');
    expect(await storeChannelSecret(channelSecretName(7, 3, 'app-secret'), 's3cr3t-value')).toBe('plain:s3cr3t-value');
    process.env.CHANNEL_SECRETS_PREFIX = 'conversa/channels/';
    sm.on(CreateSecretCommand).callsFake((input: { Name: string }) => ({ ARN: ARN(input.Name) }));
    const ref = await storeChannelSecret(channelSecretName(7, 3, 'access-token'), 'EAAG-token-value');
    expect(ref).toBe(ARN('conversa/channels/7/whatsapp/3/access-token'));
    expect(await resolveSecretRef(ref)).toBe('EAAG-token-value');
  });
});

describe('a webhook verified by a connection whose secret reference names the environment', () => {
  it('is refused even when signed with that variable (no oracle for the platform key)', async () => {
    const conn = { id: 1, companyId: 7, channel: 'wppoficial', provider: { phoneNumberId: '1000001', appSecretRef: 'env:JWT_SECRET_FOR_TEST' } } as Connection;
    const deps: WebhookDeps = {
      findAccount: async () => ({ companyId: 7, whatsappId: 1 }),
      getConnection: async () => conn,
      platformSecret: async () => undefined,
      resolveRef: resolveSecretRef,
      mediaInfo: async () => ({ url: '' }),
      mediaRefUrl: (id) => id,
      enqueue: async () => undefined,
    };
    const payload = { object: 'whatsapp_business_account', entry: [{ id: 'W', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '1', phone_number_id: '1000001' }, statuses: [] } }] }] };
    const raw = Buffer.from(JSON.stringify(payload));
    const outcome = await receiveWebhook('wppoficial', raw, signBody(raw, 'platform-jwt-key-value'), deps).then(() => 'accepted', (e: unknown) => (e instanceof AppError ? `${e.status}` : String(e)));
    expect(outcome).toBe('401');
  });
});
