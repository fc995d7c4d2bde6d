/**
 * The whole product on one machine with the handlers AWS runs: DynamoDB Local, s3rver, an SMTP
 * catcher, then one HTTP server with the API, WebSocket and Management API gateways, the queues
 * and the tick, calling the Lambda handlers of functions/src in this process.
 *
 * With `persistDir` nothing acknowledged is lost when the stack is stopped or killed: the table is
 * on disk (DynamoDB Local's SQLite), the queues keep a journal (`queues.journal`: a send is answered
 * once fsynced), the stream consumers their positions (`streams.json`), the TTL reaper its index
 * (`ttl-index.journal`). DynamoDB Local is supervised (restarted on the same port and data when it
 * dies). `/api` answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After until the stack is ready (the
 * seed done, the session host started), while DynamoDB Local restarts, and from the moment the
 * stack begins to stop; it then lets the requests under way answer before anything else stops.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, type RouteDef } from '@conversa/functions/http/routes';
import { QUEUES, TICK, type QueueDef } from '@conversa/functions/adapters/queue-config';
import { STREAM_CONSUMERS, type StreamConsumerDef } from '@conversa/functions/workers/streams';
import { startAppServer, type AppServer, type Health } from './app-server';
import { startDynamoDbLocal, localDynamoClient, type DynamoDbLocal } from './dynamodb-local';
import { FUNCTIONS_ROOT, handlerResolver, type ResolveHandler } from './handler-resolver';
import { createHttpGateway } from './http-gateway';
import { applyEnv, jwtSecret, localEnv, paymentWebhookSecret, queueUrlEnv, REPO_ROOT, sqsEndpoint, TABLE_NAME } from './local-env';
import { createLogger, errData, type Logger } from './log';
import { killGuardedChildren } from './process-guard';
import { LocalQueues, setCurrentQueues } from './queues';
import { startS3Local, type S3Local } from './s3-local';
import { DEFAULT_SESSION_HOST_ENTRY, SessionHost, type SessionHostControl, type SessionHostOptions } from './session-host';
import { startSmtpLocal, type Mail, type SmtpLocal } from './smtp-local';
import { createStaticFiles } from './static-files';
import { ensureTable } from './table-setup';
import { TABLE } from '@conversa/functions/adapters/db/table-def';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startStreamPollers, type StreamFailure, type StreamPollers } from './streams';
import { startTicker, type Ticker } from './tick';
import { startTtlReaper, type TtlReaper } from './ttl-reaper';
import { createWsGateway, type WsGateway } from './ws-gateway';

export type { Mail } from './smtp-local';
export type { Health } from './app-server';
export type { SessionHostControl, SessionHostOptions } from './session-host';

export type SeedLogin = { email: string; password: string; role: string };
export type SeedResult = { created: boolean; logins: SeedLogin[] };

export type StackOptions = {
  /** 0 = a free port. Default 8080. */
  port?: number;
  /** undefined = DynamoDB in memory and a throw-away S3 folder. */
  persistDir?: string;
  /** A long-running stack (`npm start`, the benchmarks): DynamoDB Local tuned for throughput once warm rather than a quick start. */
  longRun?: boolean;
  /** Default web/dist. */
  webDist?: string;
  /** Default 60000. */
  tickMs?: number;
  /** Run functions/src/domain/platform/seed.ts `seed()`; default true. */
  seed?: boolean;
  /** Log lines and received mails on the console; default false. */
  log?: boolean;
  /** Where handler modules live (default functions/src). */
  handlersRoot?: string;
  /** Replaces the module lookup entirely (`handlersRoot` is then unused). */
  resolveHandler?: ResolveHandler;
  /** Default: ROUTES of functions/src/http/routes.ts. */
  routes?: readonly (Pick<RouteDef, 'method' | 'path'> & { group: string })[];
  /** Default: QUEUES of functions/src/adapters/queue-config.ts. */
  queues?: readonly QueueDef[];
  /** Milliseconds per SQS second for the queues (default 1000). */
  queueSecondMs?: number;
  /** Milliseconds per SQS second of some queues only (queues.ts `secondMsByQueue`). */
  queueSecondMsByQueue?: Readonly<Record<string, number>>;
  /** A fault for tests: the share of each named queue's messages delivered twice (queues.ts `duplicate`). */
  duplicateDeliveries?: Readonly<Record<string, number>>;
  /** WebSocket idle timeout (default 10 min) and maximum duration (default 2 h). */
  wsIdleTimeoutMs?: number;
  wsMaxLifetimeMs?: number;
  /**
   * Stop cleanly on SIGINT/SIGTERM, then exit 0 unless the process has other handlers for the
   * signal (a second signal kills at once); default true.
   */
  handleSignals?: boolean;
  /**
   * Run the session host as a child process (`node --import tsx <entry>`, default entry
   * session-host/src/main.ts) with the stack's environment plus HOST_ID=local-<n>, restarted when
   * it crashes, ended with the stack. Default: true when session-host/src/main.ts exists.
   * With false, `stack.sessionHost.start()` can still start it later.
   */
  sessionHost?: boolean | SessionHostOptions;
  /** The TTL reaper's first pass after this long (default 30 s; later passes every minute). */
  ttlFirstMs?: number;
  /** Wait after a stream batch's first failed try (default 500 ms, doubling; streams.ts). */
  streamRetryBaseMs?: number;
  /** Default: STREAM_CONSUMERS of functions/src/workers/streams.ts. */
  streamConsumers?: readonly StreamConsumerDef[];
};

/** The on-failure queue of a stream consumer (its event source's SqsDlq on AWS). */
export const streamDlqName = (consumer: string) => `stream-${consumer}-dlq`;

export type Stack = {
  url: string;
  port: number;
  env: Record<string, string>;
  /** Received mails, newest first. */
  mails(): Mail[];
  clearMails(): void;
  stop(): Promise<void>;
  health(): Promise<Health>;
  queues: LocalQueues;
  /** The table's stream consumers (message totals); `drained()` waits for what was written so far. */
  streams: StreamPollers;
  /** DynamoDB's TTL as the local table has it (ttl-reaper.ts). */
  ttl: TtlReaper;
  /** pid of the DynamoDB Local java process running now (a restart gives a new one). */
  readonly dynamodbPid: number;
  /** DynamoDB Local's supervisor: 'down' while it restarts java, how many restarts so far. */
  dynamodb: Pick<DynamoDbLocal, 'state' | 'restarts' | 'whenUp'>;
  /** What seed() answered (undefined when seeding was off or unavailable). */
  seeded?: SeedResult;
  /** Milliseconds from the call to ready. */
  startupMs: number;
  /** The session host child process (see session-host.ts). */
  sessionHost: SessionHostControl;
};

/** Clients cached by functions' adapters point at the previous stack after a restart: reset them. */
const RESETTERS: [string, string][] = [
  ['lib/config', 'resetEnvCache'],
  ['adapters/db/client', 'resetDbClient'],
  ['adapters/mailer', 'resetMailer'],
  ['adapters/realtime', 'resetRealtimeClient'],
  ['adapters/queue', 'resetQueueClient'],
];

async function resetFunctionCaches(resolve: ResolveHandler, log: Logger): Promise<void> {
  for (const [mod, fn] of RESETTERS) {
    try {
      const reset = await resolve(mod, fn);
      await reset?.(undefined, undefined);
    } catch (err) {
      log.warn('could not reset a cached client', { module: mod, fn, err: errData(err) });
    }
  }
}

async function runSeed(resolve: ResolveHandler, log: Logger): Promise<SeedResult | undefined> {
  let seed;
  try {
    seed = await resolve('domain/platform/seed', 'seed');
  } catch (err) {
    log.error('seed module failed to load', { err: errData(err) });
    return undefined;
  }
  if (!seed) {
    log.warn('no seed module (functions/src/domain/platform/seed.ts): starting without demo data');
    return undefined;
  }
  try {
    const out = (await seed(undefined, undefined)) as SeedResult | undefined;
    if (out?.created) log.info('seed: demo data created', { logins: out.logins.map((l) => `${l.email} / ${l.password} (${l.role})`) });
    return out ?? undefined;
  } catch (err) {
    log.error('seed failed', { err: errData(err) });
    return undefined;
  }
}

/** Data written by older versions brought up to date (functions/src/adapters/db/upgrade-data.ts); a failure is logged, the stack still starts. */
async function runUpgrades(resolve: ResolveHandler, log: Logger): Promise<void> {
  try {
    const upgrade = await resolve('adapters/db/upgrade-data', 'upgradeData');
    const out = (await upgrade?.(undefined, undefined)) as { converted: number; rostered: number; skipped: boolean } | undefined;
    if (out && !out.skipped) log.info('data upgraded', { searchEntriesIntoBlocks: out.converted, ticketsIntoStatusRoster: out.rostered });
  } catch (err) {
    log.error('data upgrade failed', { err: errData(err) });
  }
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const t0 = Date.now();
  const log = createLogger(opts.log ?? false);
  const resolve = opts.resolveHandler ?? handlerResolver(opts.handlersRoot ?? FUNCTIONS_ROOT);
  const persistDir = opts.persistDir ? path.resolve(opts.persistDir) : undefined;
  const streamConsumers = opts.streamConsumers ?? STREAM_CONSUMERS;
  const bucket = 'conversa-media';

  let app: AppServer | undefined;
  let ddb: DynamoDbLocal | undefined;
  let s3: S3Local | undefined;
  let smtp: SmtpLocal | undefined;
  let ws: WsGateway | undefined;
  let ticker: Ticker | undefined;
  let streams: StreamPollers | undefined;
  let reaper: TtlReaper | undefined;
  let reaperClient: DynamoDBClient | undefined;
  let queues: LocalQueues | undefined;
  let host: SessionHost | undefined;
  let restoreEnv: (() => void) | undefined;
  const signalHandlers: [NodeJS.Signals, () => void][] = [];

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    if (stopping) return stopping;
    // At once (before the first await): /api answers 503 from here on.
    const draining = app?.drain(5_000);
    stopping = (async () => {
      // While stopping because of a signal, keep the handlers: a second Ctrl-C kills at once.
      if (!signalled) for (const [sig, h] of signalHandlers) process.off(sig, h);
      // The /api requests under way answer first (what they enqueue is journaled before they do).
      await draining;
      // Then the session host: it may still ack or send (through /_sqs) while it shuts down.
      await host?.stop().catch((err: unknown) => log.error('session host stop failed', { err: errData(err) }));
      // The pollers let their batches finish; what is left stays in the journal for the next start.
      await Promise.allSettled([ticker?.stop(), queues?.stop(), streams?.stop()]);
      await reaper?.stop().catch(() => undefined);
      reaperClient?.destroy();
      await ws?.close().catch(() => undefined);
      await app?.close().catch(() => undefined);
      await queues?.close().catch((err: unknown) => log.error('queue journal close failed', { err: errData(err) }));
      await Promise.allSettled([smtp?.stop(), s3?.stop(), ddb?.stop()]);
      if (queues) setCurrentQueues(undefined);
      restoreEnv?.();
      log.info('stopped');
    })();
    return stopping;
  };

  let signalled = 0;
  if (opts.handleSignals ?? true) {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      const h = () => {
        signalled += 1;
        if (signalled > 1) {
          killGuardedChildren();
          process.exit(130);
        }
        log.info('stopping', { signal: sig });
        // Alone (npm start): stop, then exit 0. Inside a host with its own handler (a test
        // runner): stop and let the host decide; 'exit' still kills java if it exits first.
        if (process.listenerCount(sig) > 1) return void stop();
        // Past this, exit anyway: the journals keep what was acknowledged.
        const force = setTimeout(() => {
          killGuardedChildren();
          process.exit(1);
        }, 30_000);
        force.unref();
        void stop().then(() => process.exit(0));
      };
      process.on(sig, h);
      signalHandlers.push([sig, h]);
    }
  }

  try {
    app = await startAppServer({ port: opts.port ?? 8080, log });
    const port = app.port;
    // The app's own origin, and Vite's dev server (web/vite.config.ts) proxying to it: the browser PUTs uploads straight to S3.
    const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'];

    ddb = await startDynamoDbLocal({ persistDir, log, longRun: opts.longRun });
    const ddbClient = localDynamoClient(ddb.endpoint, 10_000);
    try {
      const created = await ensureTable(ddbClient, TABLE_NAME);
      log.info(created ? 'table created' : 'table exists', { table: TABLE_NAME });
    } finally {
      ddbClient.destroy();
    }

    s3 = await startS3Local({ persistDir, bucket, origins, log });
    smtp = await startSmtpLocal({ log });

    const queueDefs = opts.queues ?? QUEUES;
    const base = localEnv({ dynamodbEndpoint: ddb.endpoint, s3Endpoint: s3.endpoint, smtpPort: smtp.port, httpPort: port, bucket, jwtSecret: jwtSecret(persistDir), paymentWebhookSecret: paymentWebhookSecret(persistDir) });
    const env = { ...base, ...queueUrlEnv(queueDefs.map((q) => q.name), sqsEndpoint(port)) };
    restoreEnv = applyEnv(env);
    await resetFunctionCaches(resolve, log);
    await runUpgrades(resolve, log);

    const d = ddb;
    queues = new LocalQueues(queueDefs, {
      secondMs: opts.queueSecondMs,
      duplicate: opts.duplicateDeliveries,
      secondMsByQueue: opts.queueSecondMsByQueue,
      resolve,
      log,
      journal: persistDir ? path.join(persistDir, 'queues.journal') : undefined,
      failureQueues: streamConsumers.map((c) => streamDlqName(c.name)),
      hold: () => d.state() === 'down',
    });
    setCurrentQueues(queues);
    const q = queues;
    d.onRestart(async () => {
      const client = localDynamoClient(d.endpoint, 10_000);
      try {
        if (!(await ensureTable(client, TABLE_NAME))) return;
      } finally {
        client.destroy();
      }
      // In memory, a restart starts empty: the table is back, its data is not.
      log.error('dynamodb local restarted in memory: the table was created again empty (data kept only with persistDir)');
      if (opts.seed ?? true) await runSeed(resolve, log);
    });
    ws = createWsGateway({ resolve, log, idleTimeoutMs: opts.wsIdleTimeoutMs, maxLifetimeMs: opts.wsMaxLifetimeMs });
    const s = { ddb, s3, smtp };
    const health = async (): Promise<Health> => {
      const [dy, o, m] = await Promise.all([s.ddb.ping(1000), s.s3.ping(1000), s.smtp.ping(1000)]);
      const dynamo = dy && s.ddb.state() === 'up';
      return { ok: dynamo && o && m, checks: { dynamodb: dynamo ? 'ok' : 'down', s3: o ? 'ok' : 'down', smtp: m ? 'ok' : 'down' } };
    };
    app.ready({
      httpGateway: createHttpGateway({ routes: opts.routes ?? ROUTES, resolve, log, downSince: (t) => d.downSince(t) }),
      unavailable: () => d.state() === 'down',
      wsGateway: ws,
      staticFiles: createStaticFiles(opts.webDist ?? path.join(REPO_ROOT, 'web', 'dist')),
      queues,
      sqsEndpoint: sqsEndpoint(port),
      health,
      mails: (f) => s.smtp.mails(f),
      clearMails: () => s.smtp.clear(),
    });
    queues.start();
    reaper = startTtlReaper({
      client: (reaperClient = localDynamoClient(ddb.endpoint, 10_000)),
      table: TABLE_NAME,
      attribute: TABLE.ttlAttribute,
      keys: [TABLE.partitionKey, TABLE.sortKey],
      log,
      firstMs: opts.ttlFirstMs,
      journal: persistDir ? path.join(persistDir, 'ttl-index.journal') : undefined,
      caughtUp: () => streams!.drained(60_000),
    });
    streams = startStreamPollers({
      endpoint: ddb.endpoint,
      table: TABLE_NAME,
      consumers: streamConsumers,
      taps: [reaper.tap],
      resolve,
      log,
      checkpointFile: persistDir ? path.join(persistDir, 'streams.json') : undefined,
      outage: (t) => d.downSince(t),
      retryBaseMs: opts.streamRetryBaseMs,
      failed: async (consumer: string, failure: StreamFailure) => {
        q.send(streamDlqName(consumer), failure);
        await q.durable();
      },
    });
    ticker = startTicker({ everyMs: opts.tickMs ?? 60_000, resolve, module: TICK.handler, log });

    const seeded = opts.seed ?? true ? await runSeed(resolve, log) : undefined;
    const h = await health();
    if (!h.ok) throw new Error(`stand-ins not healthy: ${JSON.stringify(h.checks)}`);

    const hostOpt = opts.sessionHost ?? existsSync(DEFAULT_SESSION_HOST_ENTRY);
    const stackEnv = { ...env };
    host = new SessionHost(typeof hostOpt === 'object' ? hostOpt : {}, () => stackEnv, log);
    if (hostOpt !== false) await host.start();

    const startupMs = Date.now() - t0;
    // Only now does /api answer (health included): a 200 from /api/health means a login works.
    app.open();
    log.info('ready', { url: `http://localhost:${port}`, ms: startupMs });
    return {
      url: `http://localhost:${port}`,
      port,
      env: { ...env },
      mails: () => s.smtp.mails(),
      clearMails: () => s.smtp.clear(),
      stop,
      health,
      queues: q,
      streams,
      ttl: reaper,
      get dynamodbPid() {
        return d.javaPid;
      },
      dynamodb: { state: () => d.state(), restarts: () => d.restarts(), whenUp: () => d.whenUp() },
      ...(seeded ? { seeded } : {}),
      startupMs,
      sessionHost: host,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
