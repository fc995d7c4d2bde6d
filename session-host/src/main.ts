/**
 * The session host process (Fargate; locally a child of the stack): the session manager, the
 * outbound and sandbox-phone consumers. JSON-line logs; SIGTERM/SIGINT stop it cleanly (sockets
 * ended, leases released so another host takes over at once). A driver's failure stays inside
 * its session.
 */
import { randomBytes } from 'node:crypto';
import { env } from '@conversa/functions/lib/config';
import { hostConfig } from './config';
import { createDriverFactory } from './drivers/factory';
import { createLog, errData } from './log';
import { SessionManager } from './manager';
import { publishLoad } from './metrics';
import { createOutboundConsumer } from './outbound';
import { sqsQueuePort } from './queue-port';
import { createSandboxPhoneConsumer } from './sandbox-phone';

const cfg = hostConfig();
env(); // fail loudly on a bad environment
const log = createLog(undefined, { service: 'session-host', hostId: cfg.hostId });
const claimant = `${cfg.hostId}#${randomBytes(4).toString('hex')}`;

process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: errData(err) }));
process.on('uncaughtException', (err) => log.error('uncaught exception', { err: errData(err) }));

const manager = new SessionManager({
  hostId: cfg.hostId,
  maxSessions: cfg.maxSessions,
  queue: sqsQueuePort,
  driverFactory: createDriverFactory({ qrTtlMs: cfg.sandboxQrTtlMs }),
  channels: cfg.whatsappEnabled ? ['whatsapp', 'sandbox'] : ['sandbox'],
  publishLingerMs: cfg.publishLingerMs,
  log,
});
const outbound = createOutboundConsumer({ queue: sqsQueuePort, manager, claimant, log });
const phone = createSandboxPhoneConsumer({ queue: sqsQueuePort, manager, log });

manager.start();
outbound.start();
phone.start();
const stopMetrics = publishLoad(() => manager.load(), cfg.hostId);
log.info('session host started', { maxSessions: cfg.maxSessions, whatsapp: cfg.whatsappEnabled });

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info('stopping', { signal });
  stopMetrics();
  const force = setTimeout(() => {
    log.error('stop timed out');
    process.exit(1);
  }, 20_000);
  force.unref();
  void (async () => {
    await Promise.allSettled([outbound.stop(), phone.stop()]);
    await manager.stop().catch((err: unknown) => log.error('manager stop failed', { err: errData(err) }));
    log.info('stopped');
    process.exit(0);
  })();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
