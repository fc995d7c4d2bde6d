/**
 * The WebSocket API: `$connect` (verifies the token, stores the connection), `$disconnect` and
 * `$default` (frames such as joinChatBox) all go to functions/src/ws/handler.ts. Stage `prod`.
 * Every function that publishes gets `managementEndpoint` as WS_MANAGEMENT_ENDPOINT.
 */
import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { AppFunction, type AppResources } from '../constructs/app-function';

export const WS_STAGE = 'prod';
export const WS_ROUTES = ['$connect', '$disconnect', '$default'] as const;

export type RealtimeStackProps = StackProps & {
  resources: Omit<AppResources, 'realtime'>;
  throttle: { rateLimit: number; burstLimit: number };
};

export class RealtimeStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** https://{apiId}.execute-api.{region}.amazonaws.com/prod */
  readonly managementEndpoint: string;
  /** {apiId}.execute-api.{region}.amazonaws.com, the CloudFront origin. */
  readonly domainName: string;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);

    this.api = new WebSocketApi(this, 'Ws', { apiName: `${this.stackName}-ws` });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_STAGE,
      autoDeploy: true,
      throttle: props.throttle,
    });
    this.managementEndpoint = this.stage.callbackUrl;
    this.domainName = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    new CfnOutput(this, 'WsUrl', { value: this.stage.url });

    this.handler = new AppFunction(this, 'Handler', {
      module: 'ws/handler',
      description: 'WebSocket $connect/$disconnect/$default',
      resources: { ...props.resources, realtime: { api: this.api, managementEndpoint: this.managementEndpoint } },
    });
    const integration = new WebSocketLambdaIntegration('Handler', this.handler.fn);
    for (const routeKey of WS_ROUTES) this.api.addRoute(routeKey, { integration });
  }
}
