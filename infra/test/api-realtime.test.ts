import { describe, expect, test } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { GROUPS, ROUTES, routeKey, type RouteDef } from '@conversa/functions/http/routes';
import { buildTestApp, refTarget, resources, statements } from './helpers';

const built = buildTestApp({ context: { 'conversa:mailFrom': 'Conversa <no-reply@example.com>', 'conversa:smtpHost': 'smtp.example.com', 'conversa:smtpPort': '587', 'conversa:smtpUser': 'mailer', 'conversa:smtpPassSecret': 'conversa/smtp' } });
const api = Template.fromStack(built.api);
const realtime = Template.fromStack(built.realtime);

/** The function a route or WebSocket route reaches: route → integration → Lambda. */
function functionOfRoute(stack: 'api' | 'realtime', route: { Properties?: Record<string, any> }) {
  const target = route.Properties!.Target as { 'Fn::Join': [string, unknown[]] };
  const integrationId = refTarget(target['Fn::Join'][1][1]);
  const integrations = resources(built[stack], 'AWS::ApiGatewayV2::Integration');
  const uri = integrations[integrationId!]!.Properties!.IntegrationUri;
  // HTTP: GetAtt fn.Arn; WebSocket: a Fn::Join around it.
  const fnId = refTarget(uri) ?? refTarget((uri['Fn::Join'][1] as Record<string, unknown>[]).find((p) => p?.['Fn::GetAtt']));
  return resources(built[stack], 'AWS::Lambda::Function')[fnId!]!;
}

describe('HTTP API', () => {
  test('every entry of ROUTES is a route with its route key, and nothing else', () => {
    const routes = Object.values(resources(built.api, 'AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(ROUTES.length);
    expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(ROUTES.length).toBeGreaterThan(10);
  });

  test("each route points at its group's Lambda, one Lambda per group", () => {
    const routes = Object.values(resources(built.api, 'AWS::ApiGatewayV2::Route'));
    for (const route of routes) {
      const def = ROUTES.find((r) => routeKey(r) === route.Properties!.RouteKey)!;
      const fn = functionOfRoute('api', route);
      expect(fn.Properties!.Description, route.Properties!.RouteKey).toBe(`HTTP routes of group ${def.group}`);
    }
    api.resourceCountIs('AWS::Lambda::Function', GROUPS.length);
    api.resourceCountIs('AWS::ApiGatewayV2::Integration', GROUPS.length);
    // One API-wide invoke permission per function, not one per route.
    api.resourceCountIs('AWS::Lambda::Permission', GROUPS.length);
  });

  test('a duplicated route fails the synth', () => {
    const dup: RouteDef[] = [...ROUTES, ROUTES[0]!];
    expect(() => buildTestApp({ routes: dup })).toThrow(/already a Construct|same name/i);
  });

  test('the $default stage auto-deploys with throttling defaults', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  test('functions get the environment config.ts reads (e-mail only in the mail worker, by the password secret’s ARN)', () => {
    const fn = Object.values(resources(built.api, 'AWS::Lambda::Function')).find((f) => f.Properties!.Description === 'HTTP routes of group auth')!;
    const env = fn.Properties!.Environment.Variables as Record<string, unknown>;
    expect(env).toMatchObject({ COOKIE_SECURE: 'true', APP_VERSION: '0.1.0' });
    for (const key of ['TABLE_NAME', 'JWT_SECRET_ARN', 'ORIGIN_SECRET_ARN', 'WS_MANAGEMENT_ENDPOINT', 'QUEUE_URL_MAIL_SENDS']) expect(env[key], key).toBeDefined();
    for (const key of ['SMTP_HOST', 'SMTP_PASS', 'SMTP_PASS_SECRET_ARN']) expect(env[key], key).toBeUndefined();
    // https://{wsApiId}.execute-api.{region}.{suffix}/prod
    expect(JSON.stringify(env.WS_MANAGEMENT_ENDPOINT)).toMatch(/https:\/\/.*execute-api.*\/prod/);
    expect(fn.Properties!.MemorySize).toBe(1024);
    const mail = built.workers.consumers.get('mail-sends')!;
    const mailEnv = built.workers.resolve((mail.fn.node.defaultChild as { environment?: unknown }).environment) as { variables: Record<string, unknown> };
    expect(mailEnv.variables).toMatchObject({ MAIL_FROM: 'Conversa <no-reply@example.com>', SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587', SMTP_USER: 'mailer' });
    expect(JSON.stringify(mailEnv.variables.SMTP_PASS_SECRET_ARN)).toContain('conversa/smtp');
    const manage = statements(built.api).find((s) => s.Action.includes('execute-api:ManageConnections'))!;
    expect(JSON.stringify(manage.Resource)).toContain('/*/*/@connections/*');
  });
});

describe('WebSocket API', () => {
  test('$connect, $disconnect and $default go to the ws handler', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routes = Object.values(resources(built.realtime, 'AWS::ApiGatewayV2::Route'));
    expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const route of routes) expect(functionOfRoute('realtime', route).Properties!.Description).toBe('WebSocket $connect/$disconnect/$default');
  });

  test('stage prod auto-deploys; the handler verifies tokens and may post to @connections', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod', AutoDeploy: true });
    const actions = statements(built.realtime).flatMap((s) => s.Action);
    expect(actions).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue', 'execute-api:ManageConnections', 'dynamodb:DeleteItem']));
    expect(actions.some((a) => a.startsWith('sqs:'))).toBe(false);
  });
});
