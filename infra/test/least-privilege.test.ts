/**
 * Issue 24, least privilege and secrets: every function's grants and variables are what its code
 * can call (infra/lib/code-access.ts, derived from the route/worker tables' handler modules), and
 * the rules that follow from it hold — the public webhooks function holds no JWT key and one
 * queue; media deletes and listings only where the code deletes; Scan only in the two scanning
 * workers; the SMTP password only where e-mail is sent; no secret value in any environment.
 */
import { describe, expect, test } from 'vitest';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { QUEUES, queueUrlEnvName } from '@conversa/functions/adapters/queue-config';
import type { AppFunction } from '../lib/constructs/app-function';
import { buildTestApp, refTarget, resources, statements } from './helpers';

const built = buildTestApp({ context: { 'conversa:smtpHost': 'smtp.example.com', 'conversa:smtpUser': 'mailer', 'conversa:smtpPassSecret': 'conversa/smtp', 'conversa:adminEmail': 'ops@example.com' } });

type Fn = { name: string; stack: Stack; fn: AppFunction };
const functions: Fn[] = [
  ...[...built.api.functions].map(([g, fn]) => ({ name: `http/${g}`, stack: built.api as Stack, fn })),
  ...[...built.workers.consumers].map(([q, fn]) => ({ name: `queue ${q}`, stack: built.workers as Stack, fn })),
  ...[...built.workers.streamConsumers].map(([s, fn]) => ({ name: `stream ${s}`, stack: built.workers as Stack, fn })),
  ...(built.workers.tick ? [{ name: 'tick', stack: built.workers as Stack, fn: built.workers.tick }] : []),
  { name: 'ws', stack: built.realtime as Stack, fn: built.realtime.handler },
];

/** The IAM actions (and their resources) of one function's role. */
function grantsOf(f: Fn): { actions: string[]; byAction: Map<string, string[]> } {
  const logicalId = f.stack.getLogicalId(f.fn.fn.node.defaultChild as never);
  const role = refTarget(resources(f.stack, 'AWS::Lambda::Function')[logicalId]!.Properties!.Role)!;
  const policies = resources(f.stack, 'AWS::IAM::Policy');
  const mine = new Set(Object.entries(policies).filter(([, p]) => (p.Properties!.Roles as unknown[]).some((r) => refTarget(r) === role)).map(([id]) => id));
  const byAction = new Map<string, string[]>();
  for (const st of statements(f.stack).filter((s) => mine.has(s.policy))) for (const a of st.Action) byAction.set(a, [...(byAction.get(a) ?? []), ...st.Resource.map((r) => JSON.stringify(r))]);
  return { actions: [...byAction.keys()], byAction };
}
const envOf = (f: Fn): Record<string, unknown> => {
  const logicalId = f.stack.getLogicalId(f.fn.fn.node.defaultChild as never);
  return resources(f.stack, 'AWS::Lambda::Function')[logicalId]!.Properties!.Environment.Variables as Record<string, unknown>;
};

describe('least privilege, derived from the code', () => {
  test('each function holds exactly its code’s table actions, queues, media actions and realtime', () => {
    for (const f of functions) {
      const { actions } = grantsOf(f);
      const a = f.fn.access;
      // (A stream consumer's event source adds the stream's own read actions.)
      const STREAM = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];
      expect(actions.filter((x) => x.startsWith('dynamodb:') && !STREAM.includes(x)).sort(), f.name).toEqual([...a.table].sort());
      expect(actions.filter((x) => x.startsWith('s3:')).sort(), f.name).toEqual([...a.media].sort());
      expect(actions.includes('execute-api:ManageConnections'), f.name).toBe(a.realtime);
      const env = envOf(f);
      const queueVars = Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_')).sort();
      // The realtime stack is built before the queues exist (they need its endpoint): the ws handler
      // gets none, and its code reaches `enqueue` only through the event spine's consumers, which its
      // events (user.status) never reach.
      const expected = f.name === 'ws' ? [] : a.queues.filter((q) => QUEUES.some((d) => d.name === q)).map(queueUrlEnvName).sort();
      expect(queueVars, f.name).toEqual(expected);
      // (A stream consumer also sends its failed batches to its own on-failure queue.)
      if (!f.name.startsWith('stream ')) expect(actions.includes('sqs:SendMessage'), f.name).toBe(queueVars.length > 0);
    }
  });

  test('the public webhooks function: no JWT key, no media, only the inbound queue, reads and updates only', () => {
    const f = functions.find((x) => x.name === 'http/webhooks')!;
    const env = envOf(f);
    expect(env.JWT_SECRET_ARN).toBeUndefined();
    expect(Object.keys(env).filter((k) => k.startsWith('QUEUE_URL_'))).toEqual(['QUEUE_URL_INBOUND']);
    const { actions } = grantsOf(f);
    expect(actions.filter((x) => x.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(actions.some((x) => x.startsWith('s3:'))).toBe(false);
    expect(env.META_VERIFY_TOKEN_ARN).toBeDefined();
  });

  test('media deletes and listings only in the company deletion (and what deletes a campaign export or a list’s media), never on the whole bucket', () => {
    for (const f of functions) {
      const { byAction } = grantsOf(f);
      for (const [action, res] of byAction) {
        if (!action.startsWith('s3:')) continue;
        expect(action, f.name).not.toMatch(/\*$/);
        if (action === 's3:ListBucket') expect(f.fn.access.media, f.name).toContain('s3:ListBucket');
        else for (const r of res) expect(r, `${f.name} ${action}`).toMatch(/\/\*"/);
      }
    }
    const deleters = functions.filter((f) => grantsOf(f).actions.includes('s3:DeleteObject')).map((f) => f.name);
    expect(deleters).toContain('queue company-deletion');
    const listers = functions.filter((f) => grantsOf(f).actions.includes('s3:ListBucket')).map((f) => f.name);
    expect(listers).toEqual(['queue company-deletion']);
  });

  test('Scan only in the two workers that declare it', () => {
    const scanners = functions.filter((f) => grantsOf(f).actions.includes('dynamodb:Scan')).map((f) => f.name).sort();
    expect(scanners).toEqual(['queue company-backup', 'queue company-deletion']);
  });

  test('secrets by ARN, read at run time, only where the code reads them; no secret value in any environment', () => {
    const allEnv = functions.map((f) => ({ f, env: envOf(f) }));
    for (const { f, env } of allEnv) {
      for (const banned of ['SMTP_PASS', 'META_VERIFY_TOKEN', 'JWT_SECRET', 'ORIGIN_SECRET', 'SEAL_SECRET', 'EFI_CLIENT_SECRET', 'PAYMENT_WEBHOOK_SECRET']) expect(env[banned], `${f.name} ${banned}`).toBeUndefined();
      expect(JSON.stringify(env), f.name).not.toContain('resolve:secretsmanager');
      expect('JWT_SECRET_ARN' in env, f.name).toBe(f.fn.access.secrets.includes('jwt'));
      expect('SMTP_PASS_SECRET_ARN' in env, f.name).toBe(f.fn.access.mail);
      expect('SMTP_HOST' in env, f.name).toBe(f.fn.access.mail);
      expect('ORIGIN_SECRET_ARN' in env, f.name).toBe(f.fn.access.secrets.includes('origin'));
    }
    // E-mail goes through the mail queue: its worker alone holds the SMTP settings and password.
    const mailers = allEnv.filter(({ env }) => 'SMTP_PASS_SECRET_ARN' in env).map(({ f }) => f.name);
    expect(mailers).toEqual(['queue mail-sends']);
    expect(allEnv.filter(({ env }) => 'ORIGIN_SECRET_ARN' in env).map(({ f }) => f.name)).toEqual(['http/auth']);
  });

  test('the session host’s task role: its code’s table and media actions, no delete or list of media', () => {
    const sts = statements(built.sessionHost);
    const actions = sts.flatMap((s) => s.Action);
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([...built.sessionHost.access.table].sort());
    expect(actions.filter((a) => a.startsWith('s3:')).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
  });

  test('the deploy bootstraps the platform: a custom resource with the admin e-mail, the generated password read by ARN', () => {
    const t = Template.fromStack(built.workers);
    t.hasResourceProperties('AWS::CloudFormation::CustomResource', { AdminEmail: 'ops@example.com' });
    const bootstrap = Object.values(resources(built.workers, 'AWS::Lambda::Function')).find((f) => f.Properties!.Description?.startsWith('deploy: plans'))!;
    expect(bootstrap.Properties!.Environment.Variables.BOOTSTRAP_PASSWORD_SECRET_ARN).toBeDefined();
    Template.fromStack(built.data).hasResourceProperties('AWS::SecretsManager::Secret', { Description: 'Conversa: the first super admin password (sign in once with it, then change it)' });
  });
});
