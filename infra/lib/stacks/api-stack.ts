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
/**
 * What a group's function needs beyond what its code decides (its grants, secrets, queues and
 * variables follow from the code: infra/lib/code-access.ts): memory and time.
 */
export const GROUP_OPTIONS: Readonly<Record<string, Pick<AppFunctionProps, 'memorySize' | 'timeout'>>> = {
  // Password hashing is a memory-hard KDF: more memory is also more CPU.
  auth: { memorySize: 1024 },
  users: { memorySize: 1024 },
  // Transcription reads audio; uploads are presigned.
  messages: { timeout: Duration.seconds(30) },
  // Contact imports read the uploaded spreadsheet.
  contacts: { timeout: Duration.seconds(30) },
  // A contact list's import reads the uploaded spreadsheet's head and size (the worker reads the rest).
  lists: { timeout: Duration.seconds(30) },
  // The report reads up to 100,000 recipients; a Cloud API connection's templates come from the Graph API.
  campaigns: { timeout: Duration.seconds(30) },
};

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
    // The token Meta echoes when a webhook is subscribed: generated once, read by the webhooks
    // function from Secrets Manager at run time (never in a template or a function's configuration).
    const metaVerifyToken = groups.includes('webhooks')
      ? new Secret(this, 'MetaVerifyToken', {
          description: 'Verify token of the Meta webhooks (paste it in the app dashboard)',
          generateSecretString: { excludePunctuation: true, passwordLength: 40 },
        })
      : undefined;
    if (metaVerifyToken) new CfnOutput(this, 'MetaVerifyTokenSecret', { value: metaVerifyToken.secretName });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const group of groups) {
      const fn = new AppFunction(this, `Group-${group}`, {
        module: `http/${group}`,
        description: `HTTP routes of group ${group}`,
        resources: { ...props.resources, metaVerifyToken },
        ...GROUP_OPTIONS[group],
        // The Pix checkout and its webhook: the provider calls this API's own URL (routes sit at its root).
        payments: { publicApiUrl: `https://${this.domainName}` },
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
