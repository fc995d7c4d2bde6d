/**
 * What the Graph channels need in AWS: the webhooks Lambda reads the channel secrets (prefix, not
 * `*`) and the Meta app secret, sends to the queues, reads the table and knows the verify token;
 * POST /facebook (connections group) creates channel secrets under the prefix only; the inbound
 * worker and the Graph sender read the channel secrets and read/write the media bucket.
 */
import { describe, expect, test } from 'vitest';
import { buildTestApp, functionAccess, resources, type FunctionStatement } from './helpers';

const APP_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:conversa/meta-app-secret-AbCdEf';
const built = buildTestApp({ context: { 'conversa:metaAppId': '1234567890', 'conversa:metaAppSecretArn': APP_SECRET_ARN } });

type Statement = FunctionStatement;
const access = functionAccess;

const text = (v: unknown) => JSON.stringify(v);
const grants = (sts: Statement[], action: string, resource?: (r: string) => boolean) =>
  sts.some((s) => s.Action.includes(action) && (!resource || s.Resource.some((r) => resource(text(r)))));
const onPrefix = (r: string) => r.includes(':secret:conversa/channels/*');

describe('webhooks Lambda', () => {
  const { statements, env } = access(built.api.functions.get('webhooks')!.fn);

  test('reads the channel secrets under their prefix and the Meta app secret, never any secret', () => {
    expect(grants(statements, 'secretsmanager:GetSecretValue', onPrefix)).toBe(true);
    expect(grants(statements, 'secretsmanager:GetSecretValue', (r) => r.includes('conversa/meta-app-secret-AbCdEf'))).toBe(true);
    for (const s of statements.filter((x) => x.Action.some((a) => a.startsWith('secretsmanager:')))) {
      expect(s.Resource).not.toContain('*');
      expect(s.Action).not.toContain('secretsmanager:CreateSecret');
    }
    expect(env).toMatchObject({ META_APP_SECRET_ARN: APP_SECRET_ARN, CHANNEL_SECRETS_PREFIX: 'conversa/channels/' });
  });

  test('sends to the inbound queue only, reads the table, and holds no JWT key (its routes are public)', () => {
    expect(grants(statements, 'sqs:SendMessage')).toBe(true);
    expect(grants(statements, 'dynamodb:GetItem')).toBe(true);
    expect(grants(statements, 'dynamodb:Query')).toBe(true);
    expect(env.QUEUE_URL_INBOUND).toBeDefined();
    expect(Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_'))).toEqual(['QUEUE_URL_INBOUND']);
    expect(env.JWT_SECRET_ARN).toBeUndefined();
  });

  test('reads a generated verify token by its ARN at run time (never its value in the configuration)', () => {
    expect(env.META_VERIFY_TOKEN).toBeUndefined();
    expect(text(env.META_VERIFY_TOKEN_ARN)).toContain('MetaVerifyToken');
    expect(Object.keys(resources(built.api, 'AWS::SecretsManager::Secret'))).toHaveLength(1);
    expect(grants(statements, 'secretsmanager:GetSecretValue', (r) => r.includes('MetaVerifyToken'))).toBe(true);
  });
});

describe('connections Lambda (POST /facebook)', () => {
  const { statements, env } = access(built.api.functions.get('connections')!.fn);

  test('creates and updates channel secrets only under the prefix, with the Meta app id', () => {
    expect(grants(statements, 'secretsmanager:CreateSecret', onPrefix)).toBe(true);
    expect(grants(statements, 'secretsmanager:PutSecretValue', onPrefix)).toBe(true);
    for (const s of statements.filter((x) => x.Action.includes('secretsmanager:CreateSecret'))) expect(s.Resource.every((r) => onPrefix(text(r)))).toBe(true);
    expect(env).toMatchObject({ META_APP_ID: '1234567890', META_APP_SECRET_ARN: APP_SECRET_ARN, CHANNEL_SECRETS_PREFIX: 'conversa/channels/' });
  });

  test('groups without Graph work get no channel secrets', () => {
    for (const group of ['auth', 'users', 'settings']) {
      const other = access(built.api.functions.get(group)!.fn);
      expect(grants(other.statements, 'secretsmanager:GetSecretValue', onPrefix), group).toBe(false);
      expect(other.env.CHANNEL_SECRETS_PREFIX, group).toBeUndefined();
    }
  });
});

describe('campaigns Lambda (GET /campaigns/templates, a template checked on save)', () => {
  test('reads the channel secrets under their prefix (a connection\'s access token), never creates one', () => {
    const { statements, env } = access(built.api.functions.get('campaigns')!.fn);
    expect(grants(statements, 'secretsmanager:GetSecretValue', onPrefix)).toBe(true);
    expect(grants(statements, 'secretsmanager:CreateSecret')).toBe(false);
    expect(env.CHANNEL_SECRETS_PREFIX).toBe('conversa/channels/');
  });
});

describe('Graph workers', () => {
  test.each([
    ['inbound', true],
    ['outbound-graph', false],
  ])('%s consumer reads channel secrets and the media bucket (writes it: %s, the inbound worker stores webhook media)', (queue, writes) => {
    const name = [...built.workers.consumers.keys()].find((n) => n.replace(/\.fifo$/, '') === queue)!;
    expect(name, [...built.workers.consumers.keys()].join(',')).toBeDefined();
    const { statements, env } = access(built.workers.consumers.get(name)!.fn);
    expect(grants(statements, 'secretsmanager:GetSecretValue', onPrefix)).toBe(true);
    expect(grants(statements, 's3:PutObject')).toBe(writes);
    expect(statements.some((s) => s.Action.some((a) => a.startsWith('s3:GetObject')))).toBe(true);
    expect(env.MEDIA_BUCKET).toBeDefined();
    expect(env.CHANNEL_SECRETS_PREFIX).toBe('conversa/channels/');
  });
});
