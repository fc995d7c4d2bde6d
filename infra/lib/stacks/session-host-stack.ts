/**
 * The session host (long-lived WhatsApp and sandbox sessions) on Fargate: it takes sessions
 * through their DynamoDB leases, consumes the outbound-session and sandbox-phone queues, sends
 * what the channels deliver to the inbound queue, stores media in S3 and pushes session status
 * through the WebSocket Management API. The image is only staged at synth (built and pushed on
 * deploy). No NAT gateway: public subnets with a public address, and free gateway endpoints keep
 * DynamoDB and S3 traffic inside the VPC.
 */
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { QUEUE, queueUrlEnvName } from '@conversa/functions/adapters/queue-config';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import * as iam from 'aws-cdk-lib/aws-iam';
import { join } from 'node:path';
import { codeAccess, type CodeAccess } from '../code-access';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../paths';
import { SESSION_METRICS_NAMESPACE, SESSIONS_WANTED } from '@conversa/session-host/metrics';

/** Sessions one task holds (MAX_SESSIONS), and how many of them the scaling plans for (room for a burst of new pairings). */
export const SESSIONS_PER_TASK = 20;
export const PLANNED_SESSIONS_PER_TASK = 16;

/**
 * Step scaling to an exact task count from the platform's wanted sessions: up to 16 → `min`
 * tasks, then one more task for every 16 (never above `max`). SessionsWanted is what every host
 * reports (session-host/src/metrics.ts), its Maximum over a minute.
 */
export function sessionScalingSteps(min: number, max: number): appscaling.ScalingInterval[] {
  const steps: appscaling.ScalingInterval[] = [];
  for (let tasks = min; tasks <= max; tasks++) {
    const lower = tasks === min ? undefined : (tasks - 1) * PLANNED_SESSIONS_PER_TASK;
    const upper = tasks === max ? undefined : tasks * PLANNED_SESSIONS_PER_TASK;
    steps.push({ ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }), change: tasks });
  }
  return steps;
}

/** Docker build context is the repo root: keep what the image does not need out of it. */
export const IMAGE_CONTEXT_EXCLUDES = [
  '.git',
  '**/node_modules',
  '**/cdk.out',
  '**/dist',
  '.data',
  'test',
  'test-results',
  '.screenshots',
  '**/*.test.ts',
  'web/**',
  '!web/package.json',
];

export type SessionHostStackProps = StackProps & {
  table: ITable;
  mediaBucket: IBucket;
  /** The queues by name (QUEUES): the host consumes outbound-session and sandbox-phone, sends to inbound. */
  queues: ReadonlyMap<string, IQueue>;
  realtime: { api: WebSocketApi; managementEndpoint: string };
  /** The fewest tasks (context `conversa:sessionHosts`, default 1); more start as sessions grow. */
  desiredCount?: number;
  /** The most tasks autoscaling may run (context `conversa:sessionHostsMax`, default 10). */
  maxCount?: number;
  /** The container image; defaults to session-host/Dockerfile built from the repo root. */
  image?: ecs.ContainerImage;
};

export class SessionHostStack extends Stack {
  readonly vpc: ec2.Vpc;
  readonly cluster: ecs.Cluster;
  readonly taskDefinition: ecs.FargateTaskDefinition;
  readonly service: ecs.FargateService;
  readonly access: CodeAccess;

  constructor(scope: Construct, id: string, props: SessionHostStackProps) {
    super(scope, id, props);

    // Environment-agnostic: two placeholder AZs, no lookup at synth.
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 }],
      gatewayEndpoints: {
        DynamoDb: { service: ec2.GatewayVpcEndpointAwsService.DYNAMODB },
        S3: { service: ec2.GatewayVpcEndpointAwsService.S3 },
      },
    });
    this.cluster = new ecs.Cluster(this, 'Cluster', { vpc: this.vpc });

    // 0.5 vCPU / 1 GB holds about 15-20 WhatsApp sessions (DESIGN.md, cost and scale rules).
    this.taskDefinition = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: 512,
      memoryLimitMiB: 1024,
      runtimePlatform: {
        cpuArchitecture: ecs.CpuArchitecture.ARM64,
        operatingSystemFamily: ecs.OperatingSystemFamily.LINUX,
      },
    });
    const role = this.taskDefinition.taskRole;
    // What the host's code can call (infra/lib/code-access.ts), as for the functions.
    this.access = codeAccess(join(REPO_ROOT, 'session-host', 'src', 'main.ts'));
    props.table.grant(role, ...this.access.table);
    const objectActions = this.access.media.filter((a) => a !== 's3:ListBucket');
    if (objectActions.length) role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: objectActions, resources: [props.mediaBucket.arnForObjects('*')] }));
    props.realtime.api.grantManageConnections(role);
    // An app built with another queue list (the CDK tests' samples) simply has fewer grants.
    const hostQueues = [QUEUE.inbound, QUEUE.outboundSession, QUEUE.sandboxPhone].flatMap((n) => {
      const q = props.queues.get(n);
      return q ? [[n, q] as const] : [];
    });
    for (const [n, q] of hostQueues) {
      if (n === QUEUE.inbound) q.grantSendMessages(role);
      else q.grantConsumeMessages(role);
    }

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.taskDefinition.addContainer('SessionHost', {
      image:
        props.image ??
        ecs.ContainerImage.fromAsset(REPO_ROOT, {
          file: SESSION_HOST_DOCKERFILE,
          platform: Platform.LINUX_ARM64,
          exclude: IMAGE_CONTEXT_EXCLUDES,
        }),
      environment: {
        TABLE_NAME: props.table.tableName,
        MEDIA_BUCKET: props.mediaBucket.bucketName,
        WS_MANAGEMENT_ENDPOINT: props.realtime.managementEndpoint,
        MAX_SESSIONS: String(SESSIONS_PER_TASK),
        ...Object.fromEntries(hostQueues.map(([n, q]) => [queueUrlEnvName(n), q.queueUrl])),
      },
      logging: ecs.LogDrivers.awsLogs({ streamPrefix: 'session-host', logGroup }),
      stopTimeout: Duration.seconds(30),
    });

    const securityGroup = new ec2.SecurityGroup(this, 'TaskSg', {
      vpc: this.vpc,
      description: 'session host: outbound only',
      allowAllOutbound: true,
    });
    this.service = new ecs.FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      desiredCount: props.desiredCount ?? 1,
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      securityGroups: [securityGroup],
      // Rolling: the new tasks start beside the old ones and take nothing while the old hold the
      // leases; each old task, stopped (SIGTERM), ends its sockets and releases its leases, and a
      // new task takes every released session at its next reconcile (1.5 s). Two sockets never
      // run one WhatsApp login (session-host/src/manager.int.test.ts, the rolling handover test).
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { rollback: true },
    });

    const min = props.desiredCount ?? 1;
    const max = Math.max(min + 1, props.maxCount ?? 10);
    const scaling = this.service.autoScaleTaskCount({ minCapacity: min, maxCapacity: max });
    scaling.scaleOnMetric('BySessions', {
      metric: new cloudwatch.Metric({ namespace: SESSION_METRICS_NAMESPACE, metricName: SESSIONS_WANTED, statistic: 'Maximum', period: Duration.minutes(1) }),
      scalingSteps: sessionScalingSteps(min, max),
      adjustmentType: appscaling.AdjustmentType.EXACT_CAPACITY,
      // Scale in slowly: a task stopping hands its sessions over, which costs each a reconnect.
      cooldown: Duration.minutes(5),
    });
  }
}
