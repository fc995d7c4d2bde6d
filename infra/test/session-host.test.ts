import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildTestApp, statements } from './helpers';
import { PLANNED_SESSIONS_PER_TASK, sessionScalingSteps } from '../lib/stacks/session-host-stack';

describe('SessionHostStack', () => {
  const built = buildTestApp({ realImage: true });
  const t = Template.fromStack(built.sessionHost);

  test('an ARM64 Fargate task of 0.5 vCPU and 1 GB', () => {
    t.hasResourceProperties('AWS::ECS::TaskDefinition', {
      Cpu: '512',
      Memory: '1024',
      RequiresCompatibilities: ['FARGATE'],
      RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      ContainerDefinitions: [
        Match.objectLike({
          Environment: Match.arrayWith([
            Match.objectLike({ Name: 'TABLE_NAME' }),
            Match.objectLike({ Name: 'MEDIA_BUCKET' }),
            Match.objectLike({ Name: 'WS_MANAGEMENT_ENDPOINT' }),
            Match.objectLike({ Name: 'QUEUE_URL_INBOUND' }),
            Match.objectLike({ Name: 'QUEUE_URL_OUTBOUND_SESSION' }),
            Match.objectLike({ Name: 'QUEUE_URL_SANDBOX_PHONE' }),
          ]),
        }),
      ],
    });
  });

  test('one task to begin with, in public subnets with a public address', () => {
    t.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: 1,
      LaunchType: 'FARGATE',
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
  });

  test('no NAT gateway; DynamoDB and S3 through gateway endpoints', () => {
    t.resourceCountIs('AWS::EC2::NatGateway', 0);
    t.resourceCountIs('AWS::EC2::VPCEndpoint', 2);
    t.resourceCountIs('AWS::EC2::Subnet', 2);
  });

  test('the task role: table data, media, the two queues it consumes, send to inbound, push to sockets', () => {
    const roleId = built.sessionHost.getLogicalId(built.sessionHost.taskDefinition.taskRole.node.defaultChild as never);
    const policies = Template.fromStack(built.sessionHost).findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } });
    const ids = Object.keys(policies);
    const actions = new Set(statements(built.sessionHost).filter((s) => ids.includes(s.policy)).flatMap((s) => s.Action));
    for (const a of ['dynamodb:PutItem', 'dynamodb:Query', 's3:PutObject', 'sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:SendMessage', 'execute-api:ManageConnections']) expect(actions, a).toContain(a);
    expect([...actions].some((a) => a === '*' || a.endsWith(':*') && !a.startsWith('s3:') && !a.startsWith('kms:'))).toBe(false);
    expect(actions.has('dynamodb:Scan')).toBe(false);
  });

  test('the image is session-host/Dockerfile for linux/arm64, with the repo root as context', () => {
    const outdir = built.app.synth().directory;
    const manifest = JSON.parse(readFileSync(join(outdir, `${built.sessionHost.artifactId}.assets.json`), 'utf8')) as {
      dockerImages: Record<string, { source: { directory: string; dockerFile?: string; platform?: string } }>;
    };
    const images = Object.values(manifest.dockerImages);
    expect(images).toHaveLength(1);
    expect(images[0]!.source).toMatchObject({ dockerFile: 'session-host/Dockerfile', platform: 'linux/arm64' });
    // The staged context holds the sources but not node_modules, .git or tests.
    const context = join(outdir, images[0]!.source.directory);
    expect(existsSync(join(context, 'session-host', 'Dockerfile'))).toBe(true);
    expect(existsSync(join(context, 'package-lock.json'))).toBe(true);
    expect(existsSync(join(context, 'node_modules'))).toBe(false);
    expect(existsSync(join(context, '.git'))).toBe(false);
    expect(existsSync(join(context, 'infra', 'test', 'session-host.test.ts'))).toBe(false);
    expect(existsSync(join(context, 'web', 'package.json'))).toBe(true); // a workspace npm ci expects
    expect(existsSync(join(context, 'web', 'src'))).toBe(false);
    for (const needed of ['session-host/build.mjs', 'stubs', 'tsconfig.base.json', 'infra/package.json']) expect(existsSync(join(context, needed)), needed).toBe(true);
  });

  test('the image runs the esbuild bundle with plain node on Node 24 as a non-root user, nothing else copied in', () => {
    const dockerfile = readFileSync(join(__dirname, '..', '..', 'session-host', 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const image = stages[1]!;
    expect(image).toMatch(/^node:24-bookworm-slim/);
    expect(image.match(/^COPY .*/gm)).toEqual(['COPY --from=build --chown=root:root /out/ ./']);
    expect(image).toMatch(/^USER node$/m);
    expect(image).toMatch(/^CMD \["node", "main.mjs"\]$/m);
    expect(image.replace(/^#.*$/gm, '')).not.toMatch(/tsx/);
    expect(stages[0]).toMatch(/RUN node session-host\/build.mjs \/out/);
  });

  test('rolling deploys (new tasks beside the old, 100 % / 200 %) with the circuit breaker', () => {
    t.hasResourceProperties('AWS::ECS::Service', {
      DeploymentConfiguration: Match.objectLike({ MinimumHealthyPercent: 100, MaximumPercent: 200, DeploymentCircuitBreaker: { Enable: true, Rollback: true } }),
    });
  });

  test('scales the task count from the sessions the hosts report wanted (one task per 16, 1 to 10 by default)', () => {
    t.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 1, MaxCapacity: 10, ScalableDimension: 'ecs:service:DesiredCount' });
    const policies = Object.values(t.findResources('AWS::ApplicationAutoScaling::ScalingPolicy'));
    expect(policies).toHaveLength(2);
    for (const p of policies) expect(p.Properties.StepScalingPolicyConfiguration).toMatchObject({ AdjustmentType: 'ExactCapacity', MetricAggregationType: 'Maximum' });
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')).filter((a) => a.Properties.MetricName === 'SessionsWanted');
    expect(alarms).toHaveLength(2);
    for (const a of alarms) expect(a.Properties).toMatchObject({ Namespace: 'Conversa/SessionHost', Statistic: 'Maximum', Period: 60 });

    // The steps, read as a function of the wanted sessions: ceil(wanted / 16) tasks within [min, max].
    const tasksFor = (wanted: number, min: number, max: number) =>
      sessionScalingSteps(min, max).find((s) => (s.lower === undefined || wanted >= s.lower) && (s.upper === undefined || wanted < s.upper))!.change;
    expect(PLANNED_SESSIONS_PER_TASK).toBe(16);
    expect([0, 15, 16, 40, 159, 160, 500].map((w) => tasksFor(w, 1, 10))).toEqual([1, 1, 2, 3, 10, 10, 10]);
    expect([0, 40, 70].map((w) => tasksFor(w, 2, 4))).toEqual([2, 3, 4]);

    const pinned = buildTestApp({ realImage: false, context: { 'conversa:sessionHosts': 2, 'conversa:sessionHostsMax': 4 } });
    Template.fromStack(pinned.sessionHost).hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 2, MaxCapacity: 4 });
  });
});
