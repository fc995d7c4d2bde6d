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
import { codeAccess, importClosure, type CodeAccess } from '../code-access';
import { LOCK_FILE, REPO_ROOT, functionEntry } from '../paths';
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
  /** E-mail (functions that send it): SMTP_HOST/PORT/USER, MAIL_FROM, and the password's secret (SMTP_PASS_SECRET_ARN). */
  mail?: { environment: Record<string, string>; password?: ISecret };
  /** The key second-factor secrets are sealed with (SEAL_SECRET_ARN), for the functions that seal or open them. */
  sealSecret?: ISecret;
  /** The Meta webhooks' verify token (META_VERIFY_TOKEN_ARN), for the function that answers the subscription check. */
  metaVerifyToken?: ISecret;
  /** The first super admin's generated password (BOOTSTRAP_PASSWORD_SECRET_ARN), for the deploy's bootstrap. */
  bootstrapPassword?: ISecret;
  /** Plain settings every function reads (APP_VERSION, COOKIE_SECURE). */
  environment: Record<string, string>;
};

export type AppFunctionProps = {
  /** Module under functions/src exporting `handler`, e.g. `http/auth`, `ws/handler`, `workers/tick`. */
  module: string;
  description: string;
  resources: AppResources;
  /**
   * The URL the payment provider calls (PUBLIC_API_URL), for a function whose code talks to the
   * provider; its secrets and settings follow from the code (codeAccess).
   */
  payments?: { publicApiUrl: string };
  memorySize?: number;
  timeout?: Duration;
  environment?: Record<string, string>;
};

/**
 * Meta app settings from the CDK context (all optional; without them Graph channels answer
 * "not configured"):
 *   conversa:metaAppId         META_APP_ID (Facebook login's token exchange)
 *   conversa:metaAppSecretArn  META_APP_SECRET_ARN: the app secret in Secrets Manager (its ARN)
 * The webhooks' verify token is always generated in Secrets Manager (api-stack.ts, output MetaVerifyTokenSecret).
 */
export type MetaContext = { appId?: string; appSecretArn?: string };
export function metaContext(scope: Construct): MetaContext {
  const str = (k: string): string | undefined => {
    const v: unknown = scope.node.tryGetContext(`conversa:${k}`);
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  return { appId: str('metaAppId'), appSecretArn: str('metaAppSecretArn') };
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
  /** What its code can call (the grants and variables were made from it). */
  readonly access: CodeAccess;
  /** False when the entry file did not exist at synth time and a placeholder was deployed instead. */
  readonly bundled: boolean;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { resources: r } = props;
    const entry = functionEntry(props.module);

    if (!existsSync(entry)) {
      // A route or worker whose handler file does not exist is a broken app, not something to deploy.
      throw new Error(`${relative(REPO_ROOT, entry)} does not exist: every route group and worker needs its handler file`);
    }
    // What the code can call decides every variable and grant below (infra/lib/code-access.ts).
    this.access = codeAccess(entry);
    const a = this.access;
    const environment: Record<string, string> = {
      ...r.environment,
      TABLE_NAME: r.table.tableName,
      NODE_OPTIONS: '--enable-source-maps',
      ...props.environment,
    };
    const secrets: ISecret[] = [];
    const bind = (name: string, secret: ISecret | undefined, why: string) => {
      if (!secret) throw new Error(`${props.module}: ${why}, but the app gave no such secret`);
      environment[name] = secret.secretArn;
      secrets.push(secret);
    };
    if (a.media.length) environment.MEDIA_BUCKET = r.mediaBucket.bucketName;
    if (a.secrets.includes('jwt')) bind('JWT_SECRET_ARN', r.jwtSecret, 'its code signs or verifies tokens');
    if (a.secrets.includes('origin')) bind('ORIGIN_SECRET_ARN', r.originSecret, 'its code believes the viewer address CloudFront stamps');
    if (a.secrets.includes('seal') && r.sealSecret) bind('SEAL_SECRET_ARN', r.sealSecret, 'its code seals second-factor secrets');
    if (a.secrets.includes('metaVerify') && r.metaVerifyToken) bind('META_VERIFY_TOKEN_ARN', r.metaVerifyToken, 'its code answers the webhook subscription check');
    if (a.secrets.includes('bootstrap')) bind('BOOTSTRAP_PASSWORD_SECRET_ARN', r.bootstrapPassword, 'it bootstraps the platform');
    const paymentUses = a.secrets.filter((x) => x === 'paymentWebhook' || x === 'efiClient' || x === 'efiCertificateRead' || x === 'efiCertificateWrite');
    if (paymentUses.length) {
      if (!r.payments) throw new Error(`${props.module}: its code talks to the payment provider but no payment resources were given`);
      Object.assign(environment, r.payments.environment, props.payments ? { PUBLIC_API_URL: props.payments.publicApiUrl } : {});
      if (a.secrets.includes('paymentWebhook')) bind('PAYMENT_WEBHOOK_SECRET_ARN', r.payments.webhookSecret, 'its code checks the payment webhook');
      if (a.secrets.includes('efiClient')) bind('EFI_CLIENT_SECRET_ARN', r.payments.efiClientSecret, "its code calls Efí's API");
      if (a.secrets.includes('efiCertificateRead') || a.secrets.includes('efiCertificateWrite')) bind('EFI_CERTIFICATE_SECRET_ARN', r.payments.efiCertificate, "its code uses Efí's certificate");
    }
    if (a.realtime) {
      if (!r.realtime) throw new Error(`${props.module}: publishes realtime events but no WebSocket API was given`);
      environment.WS_MANAGEMENT_ENDPOINT = r.realtime.managementEndpoint;
    }
    const meta = metaContext(this);
    const secretsPrefix = channelSecretsPrefix(this);
    if (a.channelSecrets) {
      environment.CHANNEL_SECRETS_PREFIX = secretsPrefix;
      if (meta.appId) environment.META_APP_ID = meta.appId;
      if (meta.appSecretArn) environment.META_APP_SECRET_ARN = meta.appSecretArn;
    }
    const queues = [...(r.queues ?? [])].filter(([name]) => a.queues.includes(name));
    for (const [name, queue] of queues) environment[queueUrlEnvName(name)] = queue.queueUrl;
    if (a.mail && r.mail) {
      Object.assign(environment, r.mail.environment);
      if (r.mail.password) bind('SMTP_PASS_SECRET_ARN', r.mail.password, 'its code sends e-mail');
    }

    // The handlers load Powertools Tracer only then (functions/src/lib/trace.ts).
    const tracing = tracingMode(this) === 'active';
    if (tracing) environment.POWERTOOLS_TRACE_ENABLED = 'true';

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
      tracing: tracing ? lambda.Tracing.ACTIVE : lambda.Tracing.PASS_THROUGH,
      logGroup,
      // JSON lines with the platform's own (START, END, REPORT per invocation) held back below WARN:
      // at a batch an invocation they were most of the log bytes per message (issue 24's cost).
      loggingFormat: lambda.LoggingFormat.JSON,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      environment,
    } satisfies Partial<lambda.FunctionProps>;

    this.bundled = true;
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

    // Bindings: every environment variable above has its grant here, and nothing else is granted.
    if (a.table.length) (r.table as ITable).grant(this.fn, ...a.table);
    const objectActions = a.media.filter((x) => x !== 's3:ListBucket');
    if (objectActions.length) this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: objectActions, resources: [r.mediaBucket.arnForObjects('*')] }));
    if (a.media.includes('s3:ListBucket')) this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [r.mediaBucket.bucketArn] }));
    for (const secret of secrets) secret.grantRead(this.fn);
    if (a.secrets.includes('efiCertificateWrite') && r.payments) this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [r.payments.efiCertificate.secretArn] }));
    if (a.realtime && r.realtime) r.realtime.api.grantManageConnections(this.fn);
    for (const [, queue] of queues) queue.grantSendMessages(this.fn);
    if (a.channelSecrets) {
      const stack = Stack.of(this);
      const channelSecretsArn = stack.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${secretsPrefix}*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
      const actions = ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'];
      if (a.channelSecrets === 'manage') actions.push('secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue');
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [channelSecretsArn] }));
      if (meta.appSecretArn) {
        // A complete ARN ends in the 6-character suffix Secrets Manager adds; a partial one does not.
        const appSecret = /-[A-Za-z0-9]{6}$/.test(meta.appSecretArn)
          ? Secret.fromSecretCompleteArn(this, 'MetaAppSecret', meta.appSecretArn)
          : Secret.fromSecretPartialArn(this, 'MetaAppSecret', meta.appSecretArn);
        appSecret.grantRead(this.fn);
      } else if (a.channelSecrets === 'manage' && meta.appId) {
        Annotations.of(this).addWarning('conversa:metaAppId is set without conversa:metaAppSecretArn: the Facebook login cannot exchange tokens');
      }
    }
  }
}
