/**
 * The session manager: which sessions this host runs. Every `reconcileMs` it reads the session
 * connections (`listSessionConnections`), takes the lease of those that should run (up to
 * `maxSessions`) and starts their drivers; it stops the sessions that should not run any more
 * or whose lease it lost. A lease is renewed every `renewMs` and lasts `leaseTtlMs`, so a dead
 * host's sessions move to another host within about that long; two hosts never run one session.
 */
import type { Channel, ConnectionStatus, InboundEnvelope } from '@conversa/shared/channels';
import { arrivalStamp, isSessionChannel } from '@conversa/shared/channels';
import { listSessionConnections, type Connection, type SessionPatch } from '@conversa/functions/adapters/db/connections';
import { acquireLease, releaseLease, renewLease, setLeaseApplied, type Lease } from '@conversa/functions/adapters/db/session-leases';
import { reportSession } from '@conversa/functions/domain/connections/session-state';
import type { DriverEvents, DriverFactory, SessionDriver } from './drivers/driver';
import { publishEnvelope } from './envelopes';
import { errData, type Log } from './log';
import type { QueuePort } from './queue-port';
import { batchingPort, DEFAULT_LINGER_MS } from './send-batcher';

export type ManagerOptions = {
  hostId: string;
  queue: QueuePort;
  driverFactory: DriverFactory;
  log: Log;
  maxSessions?: number;
  reconcileMs?: number;
  leaseTtlMs?: number;
  renewMs?: number;
  /** Channels this host runs (default: every session channel). */
  channels?: readonly Channel[];
  /** Where status, QR and number go (default: reportSession, which also pushes to the admins). */
  report?: (companyId: number, whatsappId: number, patch: SessionPatch) => Promise<unknown>;
  /** Wait after a failed start before trying that session again. */
  retryStartMs?: number;
  /** How long an inbound envelope waits for others to share its SendMessageBatch (default 10 ms). */
  publishLingerMs?: number;
};

export type RunningSession = {
  key: string;
  companyId: number;
  whatsappId: number;
  channel: Channel;
  driver: SessionDriver;
  lease: Lease;
  /** When this host took the session (after its lease): a send claimed before then was not claimed by it. */
  since: number;
  status: ConnectionStatus;
  appliedDesiredAt?: string;
  reports: Promise<unknown>;
};

const sessionKey = (companyId: number, whatsappId: number) => `${companyId}:${whatsappId}`;
const wants = (c: Connection) => c.desired === 'run' || c.desired === 'newqr';

export class SessionManager {
  private readonly sessions = new Map<string, RunningSession>();
  private readonly cooldown = new Map<string, number>();
  private reconcileTimer?: NodeJS.Timeout;
  private renewTimer?: NodeJS.Timeout;
  private busy: Promise<void> = Promise.resolve();
  private stopped = true;
  /** Sessions wanted platform-wide (of this host's channels) at the last reconcile; undefined before one. */
  private wantedCount?: number;
  readonly hostId: string;
  /** The inbound queue's sends, batched. */
  private readonly outbox: QueuePort;

  constructor(private readonly o: ManagerOptions) {
    this.hostId = o.hostId;
    this.outbox = batchingPort(o.queue, { lingerMs: o.publishLingerMs ?? DEFAULT_LINGER_MS });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tickReconcile = () => {
      void this.reconcile().finally(() => {
        if (!this.stopped) this.reconcileTimer = setTimeout(tickReconcile, this.o.reconcileMs ?? 1_500);
      });
    };
    const tickRenew = () => {
      void this.renew().finally(() => {
        if (!this.stopped) this.renewTimer = setTimeout(tickRenew, this.o.renewMs ?? 5_000);
      });
    };
    tickReconcile();
    this.renewTimer = setTimeout(tickRenew, this.o.renewMs ?? 5_000);
  }

  /**
   * Stops every session (sockets ended, leases released). Statuses stay as they are: another host
   * takes over. `release: false` keeps the leases, as a host that died would (tests).
   */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconcileTimer);
    clearTimeout(this.renewTimer);
    await this.serial(async () => {
      await Promise.all([...this.sessions.values()].map((s) => this.stopSession(s, { release: opts.release ?? true })));
    });
  }

  /** The driver of a session this host runs. */
  driverFor(companyId: number, whatsappId: number): SessionDriver | undefined {
    return this.sessions.get(sessionKey(companyId, whatsappId))?.driver;
  }

  /** Since when this host runs the session (milliseconds since the epoch). */
  runningSince(companyId: number, whatsappId: number): number | undefined {
    return this.sessions.get(sessionKey(companyId, whatsappId))?.since;
  }

  running(): Pick<RunningSession, 'companyId' | 'whatsappId' | 'channel' | 'status'>[] {
    return [...this.sessions.values()].map(({ companyId, whatsappId, channel, status }) => ({ companyId, whatsappId, channel, status }));
  }

  /**
   * What the host publishes for scaling (metrics.ts): the sessions wanted on the whole platform, as
   * of the last reconcile (every host sees the same number), and the ones running here.
   */
  load(): { wanted: number | undefined; running: number } {
    return { wanted: this.wantedCount, running: this.sessions.size };
  }

  countRunning(channel?: Channel): number {
    let n = 0;
    for (const s of this.sessions.values()) if (!channel || s.channel === channel) n++;
    return n;
  }

  /**
   * Puts an envelope on the inbound queue, batched with others (send-batcher.ts: retried there a few
   * times, in order within its chat); a message gets its arrival time once, before the first try.
   */
  async publish(envelope: InboundEnvelope): Promise<void> {
    const e = envelope.kind === 'message' && envelope.receivedAt === undefined ? { ...envelope, receivedAt: arrivalStamp() } : envelope;
    return publishEnvelope(this.outbox, e);
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.busy.then(fn, fn);
    this.busy = next.catch(() => undefined);
    return next;
  }

  /** One pass: start what should run here, stop what should not. */
  reconcile(): Promise<void> {
    return this.serial(async () => {
      if (this.stopped) return;
      let conns: Connection[];
      try {
        conns = await listSessionConnections();
      } catch (err) {
        this.o.log.warn('reconcile: listing sessions failed', { err: errData(err) });
        return;
      }
      const channels = this.o.channels ?? null;
      const wanted = new Map<string, Connection>();
      for (const c of conns) if (isSessionChannel(c.channel) && (!channels || channels.includes(c.channel)) && wants(c)) wanted.set(sessionKey(c.companyId, c.id), c);
      this.wantedCount = wanted.size;

      for (const s of [...this.sessions.values()]) {
        const c = wanted.get(s.key);
        if (!c || c.channel !== s.channel) {
          this.o.log.info('session stop requested', { companyId: s.companyId, whatsappId: s.whatsappId });
          await this.stopSession(s, { release: true, report: { status: 'DISCONNECTED', qrcode: '' } });
        } else if (c.desired === 'newqr' && c.desiredAt !== s.appliedDesiredAt) {
          await this.applyNewQr(s, c);
        } else if (c.desired === 'run' && s.appliedDesiredAt !== undefined && c.desiredAt !== s.appliedDesiredAt) {
          await this.applyRestart(s, c);
        }
      }

      const now = Date.now();
      for (const [key, c] of wanted) {
        if (this.stopped || this.sessions.size >= (this.o.maxSessions ?? 20)) break;
        if (this.sessions.has(key) || (this.cooldown.get(key) ?? 0) > now) continue;
        try {
          const lease = await acquireLease(c.companyId, c.id, this.hostId, this.o.leaseTtlMs ?? 15_000);
          if (!lease) continue;
          await this.startSession(c, lease);
        } catch (err) {
          this.o.log.error('session start failed', { companyId: c.companyId, whatsappId: c.id, err: errData(err) });
          this.cooldown.set(key, Date.now() + (this.o.retryStartMs ?? 10_000));
        }
      }
    });
  }

  private async startSession(c: Connection, lease: Lease): Promise<void> {
    const key = sessionKey(c.companyId, c.id);
    const log = this.o.log.child({ companyId: c.companyId, whatsappId: c.id, channel: c.channel });
    const holder: { s?: RunningSession } = {};
    const current = () => holder.s && this.sessions.get(key) === holder.s;
    const report = (patch: SessionPatch) => {
      const s = holder.s;
      if (!s || !current()) return;
      if (patch.status) s.status = patch.status;
      s.reports = s.reports
        .then(() => (this.o.report ?? reportSession)(c.companyId, c.id, patch))
        .catch((err: unknown) => log.warn('session report failed', { patch, err: errData(err) }));
    };
    const events: DriverEvents = {
      qr: (text) => report({ status: 'qrcode', qrcode: text }),
      status: (status, reason, signal) => {
        report({ status, reason: reason ?? '', ...(status === 'CONNECTED' ? { qrcode: '' } : {}) });
        // A ban: the inbound worker pauses the connection's campaigns and tells the admins.
        if (signal) events.inbound({ kind: 'signal', companyId: c.companyId, whatsappId: c.id, chatId: 'session', signal, reason: (reason ?? '').slice(0, 500), timestamp: Date.now() });
      },
      number: (digits) => report({ number: digits }),
      pairingCode: (code) => report({ status: 'PAIRING', qrcode: code }),
      inbound: (e) => void this.publish(e).catch((err: unknown) => log.error('inbound enqueue failed', { externalId: 'externalId' in e ? e.externalId : undefined, err: errData(err) })),
    };
    const driver = this.o.driverFactory(c.channel, { companyId: c.companyId, whatsappId: c.id, hostId: this.hostId, events, log });
    const s: RunningSession = { key, companyId: c.companyId, whatsappId: c.id, channel: c.channel, driver, lease, since: Date.now(), status: 'OPENING', appliedDesiredAt: lease.appliedDesiredAt, reports: Promise.resolve() };
    holder.s = s;
    this.sessions.set(key, s);
    log.info('session starting', { epoch: lease.epoch });
    try {
      if (c.desired === 'newqr' && c.desiredAt !== lease.appliedDesiredAt) {
        await driver.logout();
        s.appliedDesiredAt = c.desiredAt;
        await setLeaseApplied(lease, c.desiredAt);
      }
      await driver.start();
      // Starting applies a run request: a later one with a newer time is a restart.
      if (c.desired === 'run') s.appliedDesiredAt = c.desiredAt;
    } catch (err) {
      await this.stopSession(s, { release: true, report: { status: 'DISCONNECTED', reason: (err as Error).message?.slice(0, 300) || 'start failed' } });
      throw err;
    }
  }

  /** 'Restart connections': the socket ends and starts again with the stored pairing (no new QR). */
  private async applyRestart(s: RunningSession, c: Connection): Promise<void> {
    this.o.log.info('restart requested', { companyId: s.companyId, whatsappId: s.whatsappId });
    s.appliedDesiredAt = c.desiredAt;
    try {
      await s.driver.stop();
      await s.driver.start();
    } catch (err) {
      this.o.log.error('restart failed', { companyId: s.companyId, whatsappId: s.whatsappId, err: errData(err) });
      await this.stopSession(s, { release: true, report: { status: 'DISCONNECTED', reason: (err as Error).message?.slice(0, 300) || 'restart failed' } });
      this.cooldown.set(s.key, Date.now() + (this.o.retryStartMs ?? 10_000));
    }
  }

  private async applyNewQr(s: RunningSession, c: Connection): Promise<void> {
    this.o.log.info('new QR requested', { companyId: s.companyId, whatsappId: s.whatsappId });
    s.appliedDesiredAt = c.desiredAt;
    try {
      await s.driver.logout();
      await setLeaseApplied(s.lease, c.desiredAt);
      await s.driver.start();
    } catch (err) {
      this.o.log.error('new QR failed', { companyId: s.companyId, whatsappId: s.whatsappId, err: errData(err) });
      await this.stopSession(s, { release: true, report: { status: 'DISCONNECTED', reason: (err as Error).message?.slice(0, 300) || 'new QR failed' } });
      this.cooldown.set(s.key, Date.now() + (this.o.retryStartMs ?? 10_000));
    }
  }

  private async stopSession(s: RunningSession, opts: { release: boolean; report?: SessionPatch }): Promise<void> {
    if (this.sessions.get(s.key) === s) this.sessions.delete(s.key);
    try {
      await s.driver.stop();
    } catch (err) {
      this.o.log.warn('driver stop failed', { companyId: s.companyId, whatsappId: s.whatsappId, err: errData(err) });
    }
    await s.reports;
    // The last word while the lease is still ours: once it is released, nothing more of this run lands
    // (another host that takes the session over is never overwritten by a late report of ours).
    if (opts.report) await Promise.resolve((this.o.report ?? reportSession)(s.companyId, s.whatsappId, opts.report)).catch((err: unknown) => this.o.log.warn('session report failed', { err: errData(err) }));
    if (opts.release) await releaseLease(s.lease).catch((err: unknown) => this.o.log.warn('lease release failed', { err: errData(err) }));
    this.o.log.info('session stopped', { companyId: s.companyId, whatsappId: s.whatsappId });
  }

  /** Renews every lease; a session whose lease is lost (or cannot be renewed before it expires) stops here. */
  renew(): Promise<void> {
    return this.serial(async () => {
      const ttl = this.o.leaseTtlMs ?? 15_000;
      await Promise.all(
        [...this.sessions.values()].map(async (s) => {
          const now = Date.now();
          let ok: boolean;
          try {
            ok = await renewLease(s.lease, ttl, now);
          } catch (err) {
            this.o.log.warn('lease renew failed', { companyId: s.companyId, whatsappId: s.whatsappId, err: errData(err) });
            ok = s.lease.expiresAt > Date.now() + 1_000;
            if (ok) return;
          }
          if (ok) {
            s.lease = { ...s.lease, expiresAt: now + ttl };
            return;
          }
          this.o.log.warn('lease lost: stopping the session here', { companyId: s.companyId, whatsappId: s.whatsappId });
          await this.stopSession(s, { release: false });
        }),
      );
    });
  }
}
