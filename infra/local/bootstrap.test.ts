/**
 * The AWS deploy's bootstrap (functions/src/workers/bootstrap.ts) against a fresh DynamoDB Local
 * table: the plans, the platform company and its super admin with the generated password from
 * Secrets Manager; a second run (a stack update) with another password changes nothing; a stack
 * deletion deletes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './table-setup';
import { createLogger } from './log';

let ddb: DynamoDbLocal;
const sm = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:conversa-superadmin-AbCdEf';
let password = 'Generated-Password-0001';
const ENV_KEYS = ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'BOOTSTRAP_PASSWORD_SECRET_ARN'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  ddb = await startDynamoDbLocal({ log: createLogger(false) });
  const client = localDynamoClient(ddb.endpoint, 10_000);
  const table = `bootstrap-${Date.now()}`;
  await ensureTable(client, table);
  client.destroy();
  Object.assign(process.env, { DYNAMODB_ENDPOINT: ddb.endpoint, TABLE_NAME: table, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', BOOTSTRAP_PASSWORD_SECRET_ARN: ARN });
  sm.on(GetSecretValueCommand, { SecretId: ARN }).callsFake(() => ({ SecretString: password, VersionId: 'v1' }));
}, 60_000);

afterAll(async () => {
  sm.restore();
  for (const k of ENV_KEYS) if (saved[k] === undefined) delete process.env[k];
  else process.env[k] = saved[k];
  await ddb?.stop();
});

describe('platform bootstrap (custom resource)', () => {
  it('creates the plans, company 1 and its super admin with the secret password; an update or a delete changes nothing', async () => {
    const { resetEnvCache } = await import('@conversa/functions/lib/config');
    const { resetDbClient } = await import('@conversa/functions/adapters/db/client');
    const { resetSecrets } = await import('@conversa/functions/adapters/secrets');
    resetEnvCache();
    resetDbClient();
    resetSecrets();
    const { handler } = await import('@conversa/functions/workers/bootstrap');
    const { findByEmail } = await import('@conversa/functions/adapters/db/users');
    const { getCompany } = await import('@conversa/functions/adapters/db/companies');
    const { listPlans } = await import('@conversa/functions/adapters/db/plans');
    const { verifyPassword } = await import('@conversa/functions/domain/auth/passwords');
    const ctx = {} as never;

    const created = await handler({ RequestType: 'Create', ResourceProperties: { AdminEmail: 'Ops@Example.com' } }, ctx);
    expect(created).toEqual({ PhysicalResourceId: 'conversa-platform-bootstrap', Data: { SuperAdminCreated: 'true' } });
    const admin = await findByEmail('ops@example.com');
    expect(admin).toMatchObject({ companyId: 1, super: true, profile: 'admin' });
    expect(await verifyPassword('Generated-Password-0001', admin!.passwordHash)).toBe(true);
    expect((await getCompany(1, true))?.dueDate).toBe('2999-12-31');
    expect((await listPlans()).length).toBeGreaterThanOrEqual(4);

    password = 'Another-Password-0002';
    expect(await handler({ RequestType: 'Update', PhysicalResourceId: 'conversa-platform-bootstrap', ResourceProperties: { AdminEmail: 'ops@example.com' } }, ctx)).toMatchObject({ Data: { SuperAdminCreated: 'false' } });
    expect(await verifyPassword('Generated-Password-0001', (await findByEmail('ops@example.com'))!.passwordHash)).toBe(true);

    expect(await handler({ RequestType: 'Delete', PhysicalResourceId: 'conversa-platform-bootstrap', ResourceProperties: { AdminEmail: 'ops@example.com' } }, ctx)).toEqual({ PhysicalResourceId: 'conversa-platform-bootstrap' });
    expect(await findByEmail('ops@example.com')).toBeDefined();
    await expect(handler({ RequestType: 'Create', ResourceProperties: { AdminEmail: 'not an e-mail' } }, ctx)).rejects.toThrow();
  }, 60_000);
});
