/**
 * The whole app: stacks in dependency order, wired from the data modules in functions/ (ROUTES,
 * QUEUES, TICK, TABLE). bin/app.ts calls this; the tests call it too, with their own options.
 *
 *   Data ─┬─ Realtime ─┬─ Workers ─ Api ─ Web
 *   Storage┘           └────────────┘
 *   Data ─ SessionHost
 */
import { Annotations, type App, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ROUTES, type RouteDef } from '@conversa/functions/http/routes';
import { QUEUES, TICK, type QueueDef } from '@conversa/functions/adapters/queue-config';
import type { ContainerImage } from 'aws-cdk-lib/aws-ecs';
import type { AppResources } from './constructs/app-function';
import { readSettings, type Settings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { RealtimeStack, WS_STAGE } from './stacks/realtime-stack';
import { SessionHostStack } from './stacks/session-host-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { StorageStack } from './stacks/storage-stack';
import { WebStack } from './stacks/web-stack';
import { WorkersStack, type TickDef } from './stacks/workers-stack';
import { STREAM_CONSUMERS } from '@conversa/functions/workers/streams';

export type ConversaOptions = {
  routes?: readonly RouteDef[];
  queues?: readonly QueueDef[];
  tick?: TickDef;
  /** Override the session host image (tests pass a registry image to skip staging the repo). */
  sessionHostImage?: ContainerImage;
  /** The built SPA to deploy (default web/dist, skipped when it has no index.html). */
  siteDir?: string;
};

/** Environment every function reads besides its bindings (functions/src/lib/config.ts). */
export function settingsEnvironment(s: Settings): Record<string, string> {
  return { APP_VERSION: s.appVersion, COOKIE_SECURE: 'true' };
}

/** E-mail settings, for the functions whose code sends e-mail only (the password by its secret's ARN, read at run time). */
export function mailEnvironment(s: Settings): Record<string, string> {
  const env: Record<string, string> = {};
  if (s.mailFrom) env.MAIL_FROM = s.mailFrom;
  if (s.smtp) {
    env.SMTP_HOST = s.smtp.host;
    if (s.smtp.port !== undefined) env.SMTP_PORT = String(s.smtp.port);
    if (s.smtp.user) env.SMTP_USER = s.smtp.user;
  }
  return env;
}

/** The payment provider's settings (functions/src/lib/config.ts); the defaults there fill what is absent. */
export function paymentsEnvironment(s: Settings): Record<string, string> {
  const env: Record<string, string> = { PAYMENT_PROVIDER: s.payments.provider };
  if (s.payments.pixKey) env.PIX_KEY = s.payments.pixKey;
  if (s.payments.merchantName) env.PIX_MERCHANT_NAME = s.payments.merchantName;
  if (s.payments.merchantCity) env.PIX_MERCHANT_CITY = s.payments.merchantCity;
  if (s.payments.efiClientId) env.EFI_CLIENT_ID = s.payments.efiClientId;
  if (s.payments.efiBaseUrl) env.EFI_BASE_URL = s.payments.efiBaseUrl;
  return env;
}

export function buildConversa(app: App, options: ConversaOptions = {}) {
  const settings = readSettings(app.node);
  const name = (stack: string): { stackName: string; description: string } & StackProps => ({
    stackName: `${settings.stackPrefix}-${stack}`,
    description: `Conversa ${stack.toLowerCase()}`,
  });

  const data = new DataStack(app, 'Data', name('Data'));
  const storage = new StorageStack(app, 'Storage', { ...name('Storage'), webOrigin: settings.webOrigin });
  const base: Omit<AppResources, 'realtime' | 'queues'> = {
    table: data.table,
    mediaBucket: storage.mediaBucket,
    jwtSecret: data.jwtSecret,
    originSecret: data.originSecret,
    payments: { webhookSecret: data.paymentWebhookSecret, efiClientSecret: data.efiClientSecret, efiCertificate: data.efiCertificate, environment: paymentsEnvironment(settings) },
    mail: {
      environment: mailEnvironment(settings),
      ...(settings.smtp?.passSecretName ? { password: Secret.fromSecretNameV2(data, 'SmtpPassword', settings.smtp.passSecretName) } : {}),
    },
    sealSecret: data.sealSecret,
    bootstrapPassword: data.superAdminPassword,
    environment: settingsEnvironment(settings),
  };

  const realtime = new RealtimeStack(app, 'Realtime', { ...name('Realtime'), resources: base, throttle: settings.throttle });
  const withRealtime = { ...base, realtime: { api: realtime.api, managementEndpoint: realtime.managementEndpoint } };

  const workers = new WorkersStack(app, 'Workers', {
    ...name('Workers'),
    queues: options.queues ?? QUEUES,
    tick: options.tick ?? TICK,
    streams: STREAM_CONSUMERS,
    resources: withRealtime,
    ...(settings.adminEmail ? { bootstrap: { adminEmail: settings.adminEmail } } : {}),
  });
  if (!settings.adminEmail) Annotations.of(workers).addWarningV2('conversa:adminEmail', 'no platform bootstrap: set -c conversa:adminEmail=<you> so the deploy creates the super admin');
  const api = new ApiStack(app, 'Api', {
    ...name('Api'),
    routes: options.routes ?? ROUTES,
    resources: { ...withRealtime, queues: new Map([...workers.queues].map(([n, q]) => [n, q.queue])) },
    throttle: settings.throttle,
  });
  const web = new WebStack(app, 'Web', {
    ...name('Web'),
    httpApiDomain: api.domainName,
    originSecret: data.originSecret,
    wsApiDomain: realtime.domainName,
    wsStage: WS_STAGE,
    siteDir: options.siteDir,
    mediaBucket: settings.webOrigin ? undefined : storage.mediaBucket,
    domain: settings.domain,
  });
  const sessionHost = new SessionHostStack(app, 'SessionHost', {
    ...name('SessionHost'),
    table: data.table,
    mediaBucket: storage.mediaBucket,
    queues: new Map([...workers.queues].map(([n, q]) => [n, q.queue])),
    realtime: { api: realtime.api, managementEndpoint: realtime.managementEndpoint },
    desiredCount: Number(app.node.tryGetContext('conversa:sessionHosts') ?? 1),
    maxCount: Number(app.node.tryGetContext('conversa:sessionHostsMax') ?? 10),
    image: options.sessionHostImage,
  });

  const monitoring = new MonitoringStack(app, 'Monitoring', {
    ...name('Monitoring'),
    functions: new Map([
      ...[...api.functions].map(([group, f]) => [`api-${group}`, f.fn] as const),
      ...[...workers.consumers].map(([queue, f]) => [`worker-${queue}`, f.fn] as const),
      ...[...workers.streamConsumers].map(([stream, f]) => [`stream-${stream}`, f.fn] as const),
      ...(workers.tick ? [['tick', workers.tick.fn] as const] : []),
      ['ws', realtime.handler.fn] as const,
    ]),
    deadLetterQueues: new Map([...[...workers.queues].map(([n, q]) => [n, q.deadLetterQueue] as const), ...[...workers.streamDlqs].map(([n, q]) => [`stream-${n}`, q] as const)]),
    streamConsumers: new Map([...workers.streamConsumers].map(([n, f]) => [n, f.fn])),
    httpApi: api.api,
    sessionHosts: sessionHost.service,
    alarmEmail: settings.alarmEmail,
  });

  return { settings, data, storage, realtime, workers, api, web, sessionHost, monitoring };
}
