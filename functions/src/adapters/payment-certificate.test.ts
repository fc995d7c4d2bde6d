/**
 * Where the payment certificate's bytes go: on AWS a new version of the Efí certificate secret
 * (binary), the table item naming only that version; without Secrets Manager the item carries them
 * (`plain:`). A container reads the item again after a minute and the secret only when it changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { resetEnvCache } from '../lib/config';
import { forgetPaymentCertificate, paymentCertificate, storePaymentCertificate } from './payment-certificate';

const sm = mockClient(SecretsManagerClient);
const ddb = mockClient(DynamoDBDocumentClient);
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:Conversa-EfiCertificate-AbCdEf';
const meta = (fingerprint: string) => ({ subject: 'efi-123', expiresAt: '2030-01-01T00:00:00.000Z', fingerprint, uploadedAt: '2026-11-26T00:00:00.000Z', uploadedBy: 1 });

beforeEach(() => {
  sm.reset();
  ddb.reset();
  forgetPaymentCertificate();
  resetEnvCache();
});
afterEach(() => {
  delete process.env.EFI_CERTIFICATE_SECRET_ARN;
  resetEnvCache();
  vi.useRealTimers();
});

describe('payment certificate storage', () => {
  it('on AWS: the bytes become a secret version; the item holds the version, never the bytes', async () => {
    process.env.EFI_CERTIFICATE_SECRET_ARN = ARN;
    sm.on(PutSecretValueCommand).resolves({ VersionId: 'v-1' });
    ddb.on(PutCommand).resolves({});
    const pfx = Buffer.from('pkcs12 bytes');
    expect(await storePaymentCertificate(pfx, meta('f1'))).toBeUndefined();
    const put = sm.commandCalls(PutSecretValueCommand)[0]!.args[0].input;
    expect(put.SecretId).toBe(ARN);
    expect(Buffer.from(put.SecretBinary!)).toEqual(pfx);
    const item = ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item).toMatchObject({ PK: 'P#PAYMENT', SK: 'CERTIFICATE', ref: 'version:v-1', fingerprint: 'f1' });
    expect(JSON.stringify(item)).not.toContain(pfx.toString('base64'));
  });

  it('without Secrets Manager (local runs) the item carries the bytes as plain:', async () => {
    ddb.on(PutCommand).resolves({ Attributes: { PK: 'P#PAYMENT', SK: 'CERTIFICATE', ...meta('f0'), ref: 'plain:b2xk' } });
    const previous = await storePaymentCertificate(Buffer.from('new'), meta('f1'));
    expect(previous).toEqual(meta('f0'));
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!.ref).toBe(`plain:${Buffer.from('new').toString('base64')}`);
    expect(sm.calls()).toHaveLength(0);
  });

  it('a container loads the version the item names, re-reads the item after a minute and the secret only when it changed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
    process.env.EFI_CERTIFICATE_SECRET_ARN = ARN;
    let item = { PK: 'P#PAYMENT', SK: 'CERTIFICATE', ...meta('f1'), ref: 'version:v-1' };
    ddb.on(GetCommand).callsFake(() => ({ Item: item }));
    sm.on(GetSecretValueCommand).callsFake((input: { VersionId: string }) => ({ SecretBinary: Buffer.from(`bytes of ${input.VersionId}`) }));
    expect((await paymentCertificate())?.pfx.toString()).toBe('bytes of v-1');
    await paymentCertificate();
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-11-26T12:01:01Z'));
    await paymentCertificate();
    expect([ddb.commandCalls(GetCommand).length, sm.commandCalls(GetSecretValueCommand).length]).toEqual([2, 1]);
    item = { ...item, fingerprint: 'f2', ref: 'version:v-2' };
    vi.setSystemTime(new Date('2026-11-26T12:02:02Z'));
    expect(await paymentCertificate()).toEqual({ pfx: Buffer.from('bytes of v-2'), fingerprint: 'f2' });
    expect(sm.commandCalls(GetSecretValueCommand).at(-1)!.args[0].input).toEqual({ SecretId: ARN, VersionId: 'v-2' });
  });

  it('no item: no certificate', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await paymentCertificate()).toBeUndefined();
  });
});
