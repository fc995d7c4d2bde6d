/**
 * Integration: the manager, the sandbox driver and the outbound consumer against the local stack
 * (DynamoDB Local, the local queues): QR → scan → CONNECTED, a send claimed once with its acks,
 * a redelivered job not sent twice, one lease between two hosts, takeover after a lease expires,
 * and a rolling deploy's handover (the new host takes a session only after the old one released it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundEnvelope, OutboundJob } from '@conversa/shared/channels';
import { chatGroupId } from '@conversa/shared/channels';
import { getConnection } from '@conversa/functions/adapters/db/connections';
import { claimSend, getMessage } from '@conversa/functions/adapters/db/messages';
import { listOutbox } from '@conversa/functions/adapters/db/sandbox-outbox';
import { getLease } from '@conversa/functions/adapters/db/session-leases';
import { QUEUE } from '@conversa/functions/adapters/queue-config';
import type { Stack } from '../../infra/local/stack';
import { SandboxDriver, SANDBOX_TIMINGS, sandboxNumber } from './drivers/sandbox';
import { silentLog } from './log';
import { SessionManager } from './manager';
import { createOutboundConsumer, createOutboundHandler } from './outbound';
import type { QueuePort } from './queue-port';
import { createSandboxPhoneConsumer } from './sandbox-phone';
import { putConnection, putPendingMessage, scan, setDesired, startTestStack, waitFor } from './test-support/stack';

let stack: Stack;
let queue: QueuePort;
const inbound: InboundEnvelope[] = [];

/** Moves what is on the inbound queue into `inbound`. */
async function drainInbound(): Promise<InboundEnvelope[]> {
  for (;;) {
    const got = await queue.receive(QUEUE.inbound, { max: 10, waitSeconds: 0 });
    if (!got.length) return inbound;
    for (const m of got) {
      inbound.push(JSON.parse(m.body) as InboundEnvelope);
      await queue.delete(QUEUE.inbound, m.receiptHandle);
    }
  }
}

const fast = { ...SANDBOX_TIMINGS, pollMs: 50, deliveredMs: 100, readMs: 250 };
function manager(hostId: string, extra: Partial<ConstructorParameters<typeof SessionManager>[0]> = {}): SessionManager {
  return new SessionManager({ hostId, queue, log: silentLog, reconcileMs: 100, renewMs: 300, leaseTtlMs: 2_000, driverFactory: (_ch, ctx) => new SandboxDriver(ctx, fast), ...extra });
}
const status = async (cid: number, wid: number) => (await getConnection(cid, wid, true))?.status;

beforeAll(async () => {
  let viaSqs: boolean;
  ({ stack, queue, viaSqs } = await startTestStack());
  console.log(`session-host tests: queues via ${viaSqs ? 'the SQS client (LOCAL_SQS_ENDPOINT)' : 'the in-process local queues'}`);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('session host against the local stack', () => {
  it('shows a QR, pairs on scan, sends once with acks 2 and 3, and plays the phone', async () => {
    const cid = 101;
    await putConnection(cid, 1);
    const m = manager('host-a');
    const out = createOutboundConsumer({ queue, manager: m, claimant: 'host-a#boot1', log: silentLog, waitSeconds: 1 });
    const phone = createSandboxPhoneConsumer({ queue, manager: m, log: silentLog, waitSeconds: 1 });
    m.start();
    out.start();
    phone.start();
    try {
      const qr = await waitFor(async () => {
        const c = await getConnection(cid, 1, true);
        return c?.status === 'qrcode' && c.qrcode.startsWith(`conversa-sandbox:${cid}:1:`) && c;
      });
      expect(qr.qrcode.length).toBeGreaterThan(25);
      await scan(cid, 1);
      const c = await waitFor(async () => {
        const c = await getConnection(cid, 1, true);
        return c?.status === 'CONNECTED' && c;
      });
      expect(c.number).toBe(sandboxNumber(1));
      expect(c.qrcode).toBe('');

      // A send: claimed, into the phone's outbox once, SendResult and acks on the inbound queue.
      await putPendingMessage(cid, 7, 'msg-1');
      const job: OutboundJob = { companyId: cid, whatsappId: 1, ticketId: 7, messageId: 'msg-1', chatId: '5511988887777', isGroup: false, action: 'send', body: 'hello there', isForwarded: false };
      await queue.send(QUEUE.outboundSession, job, { groupId: chatGroupId(cid, 1, job.chatId), dedupId: 'job-1' });
      const sent = await waitFor(async () => (await getMessage(cid, 7, 'msg-1'))?.externalId);
      expect(sent).toMatch(/^SBX/);
      const acks = await waitFor(async () => {
        await drainInbound();
        const a = inbound.filter((e) => e.kind === 'update' && e.externalId === sent).map((e) => (e.kind === 'update' ? e.ack : 0));
        return a.length >= 2 && a;
      });
      expect(acks).toEqual([2, 3]);
      const result = inbound.find((e) => e.kind === 'sent' && e.messageId === 'msg-1');
      expect(result).toMatchObject({ kind: 'sent', externalId: sent, ticketId: 7, chatId: job.chatId });
      expect(result && 'error' in result ? result.error : undefined).toBeUndefined();
      const box = await listOutbox(cid, 1);
      expect(box.items).toHaveLength(1);
      expect(box.items[0]).toMatchObject({ externalId: sent, to: job.chatId, body: 'hello there', ack: 3 });

      // The same job redelivered (a crash before the SQS delete): not sent again.
      const handle = createOutboundHandler({ queue, manager: m, claimant: 'host-a#boot2', log: silentLog });
      expect(await handle({ id: 'x', receiptHandle: 'x', body: JSON.stringify(job), receiveCount: 2 })).toBe('done');
      // A send interrupted between claim and result by a crash: marked failed, never re-sent.
      await putPendingMessage(cid, 7, 'msg-2');
      expect(await claimSend(cid, 7, 'msg-2', 'host-a#boot0')).toBe(true);
      const h2 = createOutboundHandler({ queue, manager: m, claimant: 'host-a#boot2', log: silentLog, interruptedAfterMs: 0 });
      expect(await h2({ id: 'y', receiptHandle: 'y', body: JSON.stringify({ ...job, messageId: 'msg-2' }), receiveCount: 2 })).toBe('done');
      expect((await getMessage(cid, 7, 'msg-2'))?.error).toMatch(/interrupted/);
      expect((await listOutbox(cid, 1)).items).toHaveLength(1);
      // A fresh claim by another sender while this host runs the session: left in the queue for later, not dropped.
      await putPendingMessage(cid, 7, 'msg-3');
      expect(await claimSend(cid, 7, 'msg-3', 'host-b#boot0')).toBe(true);
      const h3 = createOutboundHandler({ queue, manager: m, claimant: 'host-a#boot2', log: silentLog, interruptedAfterMs: 60_000 });
      expect(await h3({ id: 'z', receiptHandle: 'z', body: JSON.stringify({ ...job, messageId: 'msg-3' }), receiveCount: 2 })).toBe('retry');
      expect(await getMessage(cid, 7, 'msg-3')).toMatchObject({ sendClaim: { host: 'host-b#boot0' } });
      expect((await getMessage(cid, 7, 'msg-3'))?.error).toBeUndefined();

      // The customer writes on the phone → an InboundMessage envelope.
      await queue.send(QUEUE.sandboxPhone, { companyId: cid, whatsappId: 1, id: 'cust-1', from: '5511988887777', name: 'Ana', body: 'oi', at: Date.now() }, { groupId: `${cid}#1#5511988887777`, dedupId: 'cust-1' });
      const msg = await waitFor(async () => (await drainInbound()).find((e) => e.kind === 'message' && e.externalId === 'cust-1'));
      expect(msg).toMatchObject({ kind: 'message', chatId: '5511988887777', contactName: 'Ana', body: 'oi', fromMe: false, isGroup: false });
    } finally {
      await Promise.all([out.stop(), phone.stop()]);
      await m.stop();
    }
  }, 30_000);

  it('gives a session to one of two hosts, and the other takes over when its lease expires', async () => {
    const cid = 102;
    await putConnection(cid, 1);
    await putConnection(cid, 2);
    await putConnection(cid, 3);
    const a = manager('host-a');
    const b = manager('host-b');
    a.start();
    b.start();
    try {
      const ids = (x: SessionManager) => x.running().filter((s) => s.companyId === cid).map((s) => s.whatsappId);
      await waitFor(() => ids(a).length + ids(b).length === 3 && true);
      await new Promise((r) => setTimeout(r, 500));
      expect([...ids(a), ...ids(b)].sort()).toEqual([1, 2, 3]);
      for (const w of [1, 2, 3]) expect((await getLease(cid, w))?.hostId).toBe(ids(a).includes(w) ? 'host-a' : 'host-b');

      // Pair them all, then host A dies without releasing: B takes its sessions over, paired (no new QR).
      for (const w of [1, 2, 3]) {
        await waitFor(async () => (await status(cid, w)) === 'qrcode');
        await scan(cid, w);
      }
      await waitFor(async () => (await Promise.all([1, 2, 3].map((w) => status(cid, w)))).every((s) => s === 'CONNECTED'));
      const fromA = ids(a);
      await a.stop({ release: false });
      await waitFor(() => ids(b).length === 3 && true, 10_000);
      for (const w of fromA) {
        expect((await getLease(cid, w))?.hostId).toBe('host-b');
        // B started it (OPENING) and resumed the stored pairing: CONNECTED with no new QR.
        await waitFor(async () => (await status(cid, w)) === 'CONNECTED');
        expect((await getConnection(cid, w, true))?.qrcode).toBe('');
      }

      // desired = stop → B stops it and reports DISCONNECTED; newqr → a fresh QR once.
      await setDesired(cid, 3, 'stop');
      await waitFor(async () => (await status(cid, 3)) === 'DISCONNECTED' && !ids(b).includes(3));
      await setDesired(cid, 2, 'newqr');
      await waitFor(async () => (await status(cid, 2)) === 'qrcode');
      await scan(cid, 2);
      await waitFor(async () => (await status(cid, 2)) === 'CONNECTED');
      await new Promise((r) => setTimeout(r, 400));
      expect(await status(cid, 2)).toBe('CONNECTED');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 40_000);

  it('hands sessions over in a rolling deploy: the new host waits while the old one runs, takes each once released, never two at a time', async () => {
    const cid = 103;
    for (const w of [1, 2, 3]) await putConnection(cid, w);
    // Every driver start and stop, per session: two hosts never run one session at once.
    const events: { host: string; w: number; kind: 'start' | 'stop'; at: number }[] = [];
    const traced = (host: string) =>
      manager(host, {
        driverFactory: (_ch, ctx) => {
          const d = new SandboxDriver(ctx, fast);
          const start = d.start.bind(d);
          const stop = d.stop.bind(d);
          d.start = async () => (events.push({ host, w: ctx.whatsappId, kind: 'start', at: Date.now() }), start());
          d.stop = async () => (await stop(), void events.push({ host, w: ctx.whatsappId, kind: 'stop', at: Date.now() }));
          return d;
        },
      });
    const ids = (x: SessionManager) => x.running().filter((s) => s.companyId === cid).map((s) => s.whatsappId);
    const old = traced('old-task');
    old.start();
    const fresh = traced('new-task');
    try {
      await waitFor(() => ids(old).length === 3 && true);
      for (const w of [1, 2, 3]) {
        await waitFor(async () => (await status(cid, w)) === 'qrcode');
        await scan(cid, w);
      }
      await waitFor(async () => (await Promise.all([1, 2, 3].map((w) => status(cid, w)))).every((s) => s === 'CONNECTED'));
      // The scaling metric's inputs (sessions of the earlier tests' companies run here too).
      const load = old.load();
      expect(load.running).toBeGreaterThanOrEqual(3);
      expect(load.wanted).toBeGreaterThanOrEqual(load.running);

      // The deploy starts the new task beside the old one (maxHealthyPercent 200): it takes nothing.
      fresh.start();
      await new Promise((r) => setTimeout(r, 600));
      expect(ids(fresh)).toEqual([]);

      // ECS stops the old task (SIGTERM → stop with release): the new one takes every session at once.
      const stoppedAt = Date.now();
      await old.stop();
      await waitFor(() => ids(fresh).length === 3 && true, 5_000);
      const tookMs = Date.now() - stoppedAt;
      for (const w of [1, 2, 3]) {
        expect((await getLease(cid, w))?.hostId).toBe('new-task');
        await waitFor(async () => (await status(cid, w)) === 'CONNECTED');
        expect((await getConnection(cid, w, true))?.qrcode).toBe('');
        const mine = events.filter((e) => e.w === w);
        const oldStop = mine.find((e) => e.host === 'old-task' && e.kind === 'stop')!;
        const newStart = mine.find((e) => e.host === 'new-task' && e.kind === 'start')!;
        expect(newStart.at).toBeGreaterThanOrEqual(oldStop.at);
      }
      // Released leases are taken at the next reconcile, not after a lease's expiry (2 s here, 15 s in AWS).
      expect(tookMs).toBeLessThan(1_500);
      console.log(`rolling handover: 3 sessions moved ${tookMs} ms after the old host stopped`);
    } finally {
      await Promise.all([old.stop(), fresh.stop()]);
    }
  }, 40_000);
});
