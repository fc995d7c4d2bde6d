/**
 * The HTTP API (API Gateway v2). Every entry of ROUTES (functions/src/http/routes.ts) becomes a route
 * on the Lambda of its group, one Lambda per group (functions/src/http/<group>.ts). Routes carry no
 * API Gateway authorizer: the handlers verify the token (public routes included, by design).
 */
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { routeKey, type RouteDef } from '@conversa/functions/http/routes';
import { AppFunction, metaContext, type AppFunctionProps, type AppResources } from '../constructs/app-function';

/**
 * What a group needs beyond the defaults (table, JWT key, realtime publishing, queues).
 * A group absent here gets no media bucket rights: add it when its handlers presign uploads or reads.
 */
export const GROUP_OPTIONS: Readonly<Record<string, Pick<AppFunctionProps, 'media' | 'memorySize' | 'timeout' | 'channelSecrets' | 'viewerAddress' | 'payments'>>> = {
  // Password hashing is a memory-hard KDF: more memory is also more CPU. The login throttle keys on
  // the viewer address CloudFront stamps, believed only with the origin secret.
  auth: { memorySize: 1024, viewerAddress: true },
  users: { memorySize: 1024 },
  // Logos and documents uploads (spec 2 §Uploads); the payment certificate is written to its secret
  // (never the bucket), and POST /settings/payment-webhook calls Efí with it (PAYMENT_GROUPS below).
  settings: { media: 'readwrite' },
  // POST /facebook keeps page access tokens in Secrets Manager (and reads the Meta app secret).
  connections: { channelSecrets: 'manage' },
  // Signatures (app secret, per-connection secrets) and the Cloud API media lookup (access tokens).
  webhooks: { channelSecrets: 'read' },
  // Attachments are uploaded by presigned PUT and read through short-lived URLs; transcription reads audio.
  messages: { media: 'readwrite', timeout: Duration.seconds(30) },
  // Contact imports read the uploaded spreadsheet.
  contacts: { media: 'read', timeout: Duration.seconds(30) },
  // A chatbot file option names an uploaded attachment (checked with a HEAD).
  queues: { media: 'read' },
  // Branding files and announcement attachments are copied from uploads and read through short-lived URLs;
  // the backup's download link is signed here.
  content: { media: 'readwrite' },
  // A schedule's and a lane's attachment names an upload of the company (checked with a HEAD).
  schedules: { media: 'read' },
  tags: { media: 'read' },
  // A contact list's import reads the uploaded spreadsheet's head and size (the worker reads the rest).
  lists: { media: 'read', timeout: Duration.seconds(30) },
  // Campaigns: an attachment names an upload (HEAD and first bytes); a report too big for one answer is
  // written under exports/ and signed; a Cloud API connection's templates are read from the Graph API
  // with its access token; the report reads up to 100,000 recipients.
  campaigns: { media: 'readwrite', channelSecrets: 'read', timeout: Duration.seconds(30) },
};

/**
 * The route groups that talk to the payment provider: billing makes and reads Pix charges and
 * receives the webhook (functions/src/http/billing.ts); settings writes the Efí certificate and
 * registers the webhook (POST /settings/cert-upload, /settings/payment-webhook).
 */
export const PAYMENT_GROUPS: Readonly<Record<string, { certificate?: 'write' }>> = { billing: {}, settings: { certificate: 'write' } };

export type ApiStackProps = StackProps & {
  routes: readonly RouteDef[];
  resources: AppResources;
  throttle: { rateLimit: number; burstLimit: number };
};

/** Construct id of a route: the route key with `/` (not allowed in ids) swapped for `|`. */
export const routeId = (r: RouteDef): string => routeKey(r).replace(/\//g, '|');

export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** {apiId}.execute-api.{region}.amazonaws.com, the CloudFront origin. */
  readonly domainName: string;
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.api = new HttpApi(this, 'Http', { apiName: `${this.stackName}-http`, createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
    this.domainName = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    new CfnOutput(this, 'HttpUrl', { value: `https://${this.domainName}` });

    const groups = [...new Set(props.routes.map((r) => r.group))];
    // The token Meta echoes when a webhook is subscribed: from the context, else generated once
    // and handed to the function as a dynamic reference (the template never holds the value).
    let verifyToken = metaContext(this).verifyToken;
    if (!verifyToken && groups.includes('webhooks')) {
      const secret = new Secret(this, 'MetaVerifyToken', {
        description: 'Verify token of the Meta webhooks (paste it in the app dashboard)',
        generateSecretString: { excludePunctuation: true, passwordLength: 40 },
      });
      verifyToken = secret.secretValue.unsafeUnwrap();
      new CfnOutput(this, 'MetaVerifyTokenSecret', { value: secret.secretName });
    }
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const group of groups) {
      const fn = new AppFunction(this, `Group-${group}`, {
        module: `http/${group}`,
        description: `HTTP routes of group ${group}`,
        resources: props.resources,
        jwt: true,
        ...GROUP_OPTIONS[group],
        // The Pix checkout and its webhook: the provider calls this API's own URL (routes sit at its root).
        ...(PAYMENT_GROUPS[group] ? { payments: { publicApiUrl: `https://${this.domainName}`, ...PAYMENT_GROUPS[group] } } : {}),
        ...(group === 'webhooks' && verifyToken ? { environment: { META_VERIFY_TOKEN: verifyToken } } : {}),
      });
      this.functions.set(group, fn);
      // One API-wide invoke permission per function instead of one per route (a Lambda resource
      // policy is capped at 20 KB, which a few dozen route-scoped statements exhaust).
      integrations.set(group, new HttpLambdaIntegration(`Integration-${group}`, fn.fn, { scopePermissionToRoute: false }));
    }

    for (const r of props.routes) {
      new HttpRoute(this, routeId(r), {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(r.path, HttpMethod[r.method]),
        integration: integrations.get(r.group)!,
      });
    }
  }
}
