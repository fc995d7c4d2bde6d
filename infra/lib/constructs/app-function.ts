/**
 * The one Lambda construct of the app: every handler (HTTP groups, WebSocket, workers, tick) is
 * built here, so runtime, architecture, bundling, logs, tracing and environment are set once.
 *
 * Bundling: infra/lib/bundle-function.mjs on this machine (esbuild, no Docker): ESM, minified,
 * an external source map (`NODE_OPTIONS --enable-source-maps`), the AWS SDK from the Lambda
 * runtime (the presigners bundled), zod without the locales and converters nobody calls, heavy
 * libraries in their own chunk where the code imports them lazily (exceljs).
 *
 * Access is declared, not hand-written: each binding below sets its environment variable AND its
 * IAM grant together, so a function never has one without the other.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Annotations, ArnFormat, AssetHashType, DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { importClosure } from '../code-access';
import { LOCK_FILE, REPO_ROOT, functionEntry } from '../paths';
import { grantTableData } from './table-access';
import { queueUrlEnvName } from '@conversa/functions/adapters/queue-config';
// The current Node LTS, the same line as the session host image (session-host/Dockerfile).
// The code stays Node 20 compatible because the local stack and CI run Node 20.

export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;

/** The bundler every function goes through (also `npm run bench`'s sizes). */
export const BUNDLER = join(REPO_ROOT, 'infra', 'lib', 'bundle-function.mjs');

/** What a function's bundle is made of: its import closure's sources, the bundler, the lockfile. */
export function bundleHash(entry: string): string {
  const h = createHash('sha256');
  for (const file of [...importClosure(entry), BUNDLER, LOCK_FILE]) h.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return h.digest('hex');
}

/** The shared resources a function can be bound to, built once by the app (see conversa-app.ts). */
export type AppResources = {
  table: ITable;
  mediaBucket: IBucket;
  jwtSecret: ISecret;
  /** The secret CloudFront sends in `x-origin-verify` (functions/src/lib/client-address.ts). */
  originSecret?: ISecret;
  /** The WebSocket API and its management endpoint (https://{apiId}.execute-api.{region}.amazonaws.com/prod). */
  realtime?: { api: WebSocketApi; managementEndpoint: string };
  /** Queues by QueueDef name; every function that may enqueue gets `QUEUE_URL_<NAME>` and send rights. */
  queues?: ReadonlyMap<string, IQueue>;
  /**
   * The Pix checkout (data-stack.ts, settings.ts): the webhook's secret, Efí's client secret and
   * .p12, and the provider's plain settings (PAYMENT_PROVIDER, PIX_*, EFI_CLIENT_ID, EFI_BASE_URL).
   */
  payments?: { webhookSecret: ISecret; efiClientSecret: ISecret; efiCertificate: ISecret; environment: Record<string, string> };
  /** Plain settings every function reads (MAIL_FROM, SMTP_*, APP_VERSION, COOKIE_SECURE). */
  environment: Record<string, string>;
};

export type AppFunctionProps = {
  /** Module under functions/src exporting `handler`, e.g. `http/auth`, `ws/handler`, `workers/tick`. */
  module: string;
  description: string;
  resources: AppResources;
  /** Media bucket rights; none when absent. */
  media?: 'read' | 'readwrite';
  /** Read the JWT signing key (HTTP and WebSocket handlers). */
  jwt?: boolean;
  /** Trust the viewer address CloudFront stamps (login throttle): ORIGIN_SECRET_ARN and read rights. */
  viewerAddress?: boolean;
  /** Publish realtime events through the WebSocket management API (default: when realtime is given). */
  publishes?: boolean;
  /**
   * Channel secrets (Meta app secret, page access tokens) in Secrets Manager under the prefix
   * channelSecretsPrefix(): 'read' resolves them (webhooks, Graph workers); 'manage' also creates
   * and updates them (POST /facebook). Sets CHANNEL_SECRETS_PREFIX and the Meta app settings.
   */
  channelSecrets?: 'read' | 'manage';
  /**
   * Makes, reads and settles Pix charges and registers the provider's webhook: the provider's
   * settings, PUBLIC_API_URL (the URL the provider calls), and read rights on the webhook secret,
   * Efí's client secret and its certificate (PAYMENT_WEBHOOK_SECRET_ARN, EFI_CLIENT_SECRET_ARN,
   * EFI_CERTIFICATE_SECRET_ARN); `certificate: 'write'` may also put a new certificate version
   * (POST /settings/cert-upload).
   */
  payments?: { publicApiUrl: string; certificate?: 'write' };
  /** May send to the app's queues (default true). */
  enqueues?: boolean;
  memorySize?: number;
  timeout?: Duration;
  environment?: Record<string, string>;
};

/**
 * Meta app settings from the CDK context (all optional; without them Graph channels answer
 * "not configured"):
 *   conversa:metaAppId         META_APP_ID (Facebook login's token exchange)
 *   conversa:metaAppSecretArn  META_APP_SECRET_ARN: the app secret in Secrets Manager (its ARN)
 *   conversa:metaVerifyToken   META_VERIFY_TOKEN of the webhooks; generated in a secret when absent (api-stack.ts)
 */
export type MetaContext = { appId?: string; appSecretArn?: string; verifyToken?: string };
export function metaContext(scope: Construct): MetaContext {
  const str = (k: string): string | undefined => {
    const v: unknown = scope.node.tryGetContext(`conversa:${k}`);
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  return { appId: str('metaAppId'), appSecretArn: str('metaAppSecretArn'), verifyToken: str('metaVerifyToken') };
}

/** Context `conversa:tracing`: `off` (default) or `active` (X-Ray, sampled at `conversa:tracingRate`, default 1 %). */
export function tracingMode(scope: Construct): 'off' | 'active' {
  const v: unknown = scope.node.tryGetContext('conversa:tracing');
  if (v === undefined || v === null || v === '' || v === 'off') return 'off';
  if (v === 'active') return 'active';
  throw new Error(`context conversa:tracing must be off or active, got "${String(v)}"`);
}

/** `conversa/channels/` for the default stack prefix: the only names channel secrets get, and the IAM scope. */
export function channelSecretsPrefix(scope: Construct): string {
  const prefix: unknown = scope.node.tryGetContext('conversa:stackPrefix');
  return `${String(prefix || 'Conversa').toLowerCase()}/channels/`;
}

/** `inbound-events` → `QUEUE_URL_INBOUND_EVENTS`: the one rule the functions read with. */
export { queueUrlEnvName };

export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  /** False when the entry file did not exist at synth time and a placeholder was deployed instead. */
  readonly bundled: boolean;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { resources: r } = props;
    const entry = functionEntry(props.module);

    const environment: Record<string, string> = {
      ...r.environment,
      TABLE_NAME: r.table.tableName,
      MEDIA_BUCKET: r.mediaBucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
      ...props.environment,
    };
    if (props.jwt) environment.JWT_SECRET_ARN = r.jwtSecret.secretArn;
    if (props.viewerAddress) {
      if (!r.originSecret) throw new Error(`${props.module}: trusts the viewer address but no origin secret was given`);
      environment.ORIGIN_SECRET_ARN = r.originSecret.secretArn;
    }
    if (props.payments) {
      if (!r.payments) throw new Error(`${props.module}: takes payments but no payment resources were given`);
      Object.assign(environment, r.payments.environment, {
        PUBLIC_API_URL: props.payments.publicApiUrl,
        PAYMENT_WEBHOOK_SECRET_ARN: r.payments.webhookSecret.secretArn,
        EFI_CLIENT_SECRET_ARN: r.payments.efiClientSecret.secretArn,
        EFI_CERTIFICATE_SECRET_ARN: r.payments.efiCertificate.secretArn,
      });
    }
    const publishes = props.publishes ?? r.realtime !== undefined;
    if (publishes) {
      if (!r.realtime) throw new Error(`${props.module}: publishes realtime events but no WebSocket API was given`);
      environment.WS_MANAGEMENT_ENDPOINT = r.realtime.managementEndpoint;
    }
    const meta = metaContext(this);
    const secretsPrefix = channelSecretsPrefix(this);
    if (props.channelSecrets) {
      environment.CHANNEL_SECRETS_PREFIX = secretsPrefix;
      if (meta.appId) environment.META_APP_ID = meta.appId;
      if (meta.appSecretArn) environment.META_APP_SECRET_ARN = meta.appSecretArn;
    }
    const enqueues = props.enqueues ?? true;
    if (enqueues) for (const [name, queue] of r.queues ?? []) environment[queueUrlEnvName(name)] = queue.queueUrl;

    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const common = {
      description: props.description,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      // X-Ray costs per trace: off unless the context turns it on (then sampled: monitoring-stack.ts).
      tracing: tracingMode(this) === 'active' ? lambda.Tracing.ACTIVE : lambda.Tracing.PASS_THROUGH,
      logGroup,
      environment,
    } satisfies Partial<lambda.FunctionProps>;

    this.bundled = existsSync(entry);
    if (!this.bundled) {
      // A route or worker whose handler file does not exist is a broken app, not something to deploy.
      throw new Error(`${relative(REPO_ROOT, entry)} does not exist: every route group and worker needs its handler file`);
    }
    this.fn = new lambda.Function(this, 'Fn', {
      ...common,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(dirname(entry), {
        // The hash of what the bundle is made of (the handler's import closure, the bundler, the
        // lockfile), known without bundling, so a synth that skips bundling still names the asset.
        assetHashType: AssetHashType.CUSTOM,
        assetHash: bundleHash(entry),
        bundling: {
          // Never pulled: the local esbuild always bundles (this machine and CI have no Docker).
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24-bookworm-slim'),
          local: {
            tryBundle(outputDir: string): boolean {
              execFileSync(process.execPath, [BUNDLER, entry, outputDir], { stdio: ['ignore', 'ignore', 'inherit'] });
              return true;
            },
          },
        },
      }),
    });

    // Bindings: every environment variable above has its grant here.
    grantTableData(r.table, this.fn);
    if (props.media === 'readwrite') r.mediaBucket.grantReadWrite(this.fn);
    else if (props.media === 'read') r.mediaBucket.grantRead(this.fn);
    if (props.jwt) r.jwtSecret.grantRead(this.fn);
    if (props.viewerAddress) r.originSecret?.grantRead(this.fn);
    if (publishes && r.realtime) r.realtime.api.grantManageConnections(this.fn);
    if (props.payments && r.payments) {
      r.payments.webhookSecret.grantRead(this.fn);
      r.payments.efiClientSecret.grantRead(this.fn);
      r.payments.efiCertificate.grantRead(this.fn);
      if (props.payments.certificate === 'write') this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [r.payments.efiCertificate.secretArn] }));
    }
    if (enqueues) for (const queue of r.queues?.values() ?? []) queue.grantSendMessages(this.fn);
    if (props.channelSecrets) {
      const stack = Stack.of(this);
      const channelSecretsArn = stack.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${secretsPrefix}*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
      const actions = ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'];
      if (props.channelSecrets === 'manage') actions.push('secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue');
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [channelSecretsArn] }));
      if (meta.appSecretArn) {
        // A complete ARN ends in the 6-character suffix Secrets Manager adds; a partial one does not.
        const appSecret = /-[A-Za-z0-9]{6}$/.test(meta.appSecretArn)
          ? Secret.fromSecretCompleteArn(this, 'MetaAppSecret', meta.appSecretArn)
          : Secret.fromSecretPartialArn(this, 'MetaAppSecret', meta.appSecretArn);
        appSecret.grantRead(this.fn);
      } else if (props.channelSecrets === 'manage' && meta.appId) {
        Annotations.of(this).addWarning('conversa:metaAppId is set without conversa:metaAppSecretArn: the Facebook login cannot exchange tokens');
      }
    }
  }
}
