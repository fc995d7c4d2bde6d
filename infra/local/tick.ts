/** The EventBridge tick: every `everyMs` the tick handler gets a Scheduled Event; runs never overlap. */
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';

export const TICK_RULE_ARN = 'arn:aws:events:us-east-1:000000000000:rule/conversa-tick';

export function scheduledEvent(now = new Date()): EventBridgeEvent<'Scheduled Event', Record<string, never>> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [TICK_RULE_ARN],
    detail: {},
  };
}

export type Ticker = { stop(): Promise<void>; runs(): number; skipped(): number };

export function startTicker(opts: { everyMs: number; resolve: ResolveHandler; module?: string; log: Logger }): Ticker {
  const module = opts.module ?? 'workers/tick';
  let running: Promise<void> | undefined;
  let stopped = false;
  let runs = 0;
  let skipped = 0;
  let missingLogged = false;
  const once = async () => {
    const handler = await opts.resolve(module);
    if (!handler) {
      if (!missingLogged) opts.log.warn('tick handler missing', { module });
      missingLogged = true;
      return;
    }
    missingLogged = false;
    const started = Date.now();
    await handler(scheduledEvent(), lambdaContext('tick', 60_000));
    runs += 1;
    opts.log.info('tick', { ms: Date.now() - started });
  };
  const timer = setInterval(() => {
    if (stopped) return;
    if (running) {
      skipped += 1;
      return;
    }
    running = once()
      .catch((err: unknown) => opts.log.error('tick failed', { err: errData(err) }))
      .finally(() => {
        running = undefined;
      });
  }, opts.everyMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    runs: () => runs,
    skipped: () => skipped,
  };
}
