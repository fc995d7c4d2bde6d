/**
 * Nothing acknowledged is lost on the local stack (issue 18): customers play messages on a sandbox
 * phone from 8 senders, each message played again until it is answered 202, while the stack meets
 * a fault; afterwards every acknowledged message is stored exactly once as a message item (the
 * pipeline is idempotent on the channel message id), and the dashboard's received total, which the
 * table's stream feeds, counts each once.
 *
 *   DynamoDB Local SIGKILLed: its supervisor restarts it on the same data (this process's stack)
 *   the whole stack SIGTERMed, then started again on the same data (a child process)
 *   the whole stack SIGKILLed, then started again on the same data (a child process)
 *   a scheduled message due while the stack is stopped goes out once when it is back (issue 21)
 *
 * 400 messages per fault (the run had 3,000): enough for a few hundred to be in every
 * stage of the pipeline (the sandbox-phone queue, the session host, the inbound queue, the worker,
 * the stream) when the fault comes. SQS seconds run at a quarter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../infra/local/stack';
import { playCustomers, queueDepths, startStackProcess, storedBodies, type StackProcess } from '../support/durability';
import { companyWithSandbox, until } from '../support/sandbox';
import { queryPartition } from '../support/db';

const TOTAL = 400;
const SENDERS = 8;
const dirs: string[] = [];
const children: StackProcess[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'durability-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Waits until the queues are empty and every acknowledged message is stored; answers the counts per body. */
async function settled(url: string, dynamodb: string, companyId: number, acked: Set<string>): Promise<Map<string, number>> {
  let stored = new Map<string, number>();
  try {
    return await until(
      'every acknowledged message stored and the queues empty',
      async () => {
        const depths = await queueDepths(url);
        const busy = ['sandbox-phone', 'inbound'].some((q) => depths[q]);
        stored = await storedBodies(dynamodb, companyId);
        return !busy && [...acked].every((id) => stored.has(id)) && stored;
      },
      180_000,
      1_000,
    );
  } catch {
    const lost = [...acked].filter((id) => !stored.has(id));
    throw new Error(`${lost.length} of ${acked.size} acknowledged messages never stored (${lost.slice(0, 5).join(', ')}, ...)`);
  }
}

function expectExactlyOnce(stored: Map<string, number>, acked: Set<string>, prefix: string) {
  const ours = [...stored].filter(([body]) => body.startsWith(prefix));
  const twice = ours.filter(([, n]) => n > 1);
  expect(twice, 'stored more than once').toEqual([]);
  expect([...acked].filter((id) => !stored.has(id)), 'acknowledged but not stored').toEqual([]);
  expect(acked.size).toBe(TOTAL);
  expect(ours.length).toBe(TOTAL);
}

describe('durability of the local stack', () => {
  it('DynamoDB Local SIGKILLed while messages flow: restarted on its data; every acknowledged message stored once, counted once', async () => {
    const stack: Stack = await startStack({ port: 0, persistDir: tempDir(), seed: true, sessionHost: true, tickMs: 3_600_000, queueSecondMs: 250, handleSignals: false, log: process.env.STACK_LOG === '1' });
    try {
      const { admin, companyId, wid } = await companyWithSandbox(stack.url, 'durable');
      const played = playCustomers(() => admin, wid, { prefix: 'DDB', total: TOTAL, senders: SENDERS });
      await until('150 acknowledged', async () => played.acked.size >= 150, 60_000, 20);
      const pid = stack.dynamodbPid;
      process.kill(pid, 'SIGKILL');
      await played.done;
      expect(stack.dynamodb.restarts()).toBe(1);
      expect(stack.dynamodbPid).not.toBe(pid);
      // During the outage the API answered 503 (retry), never 500.
      expect(played.answers.get(503) ?? 0).toBeGreaterThan(0);
      expect(played.answers.get(500) ?? 0).toBe(0);
      // Health came back by itself.
      expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
      const stored = await settled(stack.url, stack.env.DYNAMODB_ENDPOINT!, companyId, played.acked);
      expectExactlyOnce(stored, played.acked, 'DDB');
      // The stream consumers dropped nothing and counted nothing twice: the day's received total is the messages stored.
      await stack.streams.drained(120_000);
      const days = (await queryPartition(`C#${companyId}#STATS`)).filter((i) => String(i.SK).startsWith('D#'));
      const inbound = [...stored.values()].reduce((a, b) => a + b, 0);
      expect(days.reduce((a, d) => a + (d.received ?? 0), 0)).toBe(inbound);
      expect(stack.queues.dlq('inbound')).toEqual([]);
      expect(stack.queues.dlq('sandbox-phone')).toEqual([]);
    } finally {
      await stack.stop();
    }
  }, 300_000);

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`the whole stack ${signal}ed while messages flow, then started again on the same data: every acknowledged message stored once`, async () => {
      const dir = tempDir();
      let s = await startStackProcess(dir, 0, 250);
      children.push(s);
      const { admin, email, companyId, wid } = await companyWithSandbox(s.url, 'durable');
      const prefix = signal === 'SIGTERM' ? 'TERM' : 'KILL';
      const played = playCustomers(() => admin, wid, { prefix, total: TOTAL, senders: SENDERS });
      await until('150 acknowledged', async () => played.acked.size >= 150, 60_000, 20);
      s.child.kill(signal);
      const exited = await s.exit;
      if (signal === 'SIGTERM') expect(exited.code, s.output()).toBe(0);
      else expect(exited.signal).toBe('SIGKILL');
      const before = played.acked.size;
      s = await startStackProcess(dir, s.port, 250);
      children.push(s);
      // Ready means ready: once health answers 200, a login works (the senders' own client: a login ends the user's other sessions).
      await until('health 200', async () => (await fetch(`${s.url}/api/health`)).status === 200, 30_000, 100);
      expect((await admin.login(email)).status).toBe(200);
      await played.done;
      expect(played.acked.size).toBeGreaterThan(before);
      const stored = await settled(s.url, s.dynamodb, companyId, played.acked);
      expectExactlyOnce(stored, played.acked, prefix);
      const depths = await queueDepths(s.url);
      expect(depths['inbound-dlq']).toBe(0);
      expect(depths['sandbox-phone-dlq']).toBe(0);
      s.child.kill('SIGTERM');
      expect((await s.exit).code).toBe(0);
    }, 300_000);
  }

  it('a scheduled message due while the whole stack is down goes out once after the restart, and only once', async () => {
    const dir = tempDir();
    // The tick every 2 s (the minute compressed); SQS seconds at a quarter.
    let s = await startStackProcess(dir, 0, 250, 2_000);
    children.push(s);
    const { admin, email, companyId, wid } = await companyWithSandbox(s.url, 'durable');
    const contact = (await admin.call('POST', '/contacts', { body: { name: 'Cliente Agendado', number: '5511955550123' } })).body;
    const body = `Agendado durante a parada ${Date.now()}`;
    const sendAt = new Date(Date.now() + 12_000);
    const made = await admin.call('POST', '/schedules', { body: { body, sendAt: sendAt.toISOString(), contactId: contact.id, whatsappId: wid } });
    expect(made.status).toBe(201);
    s.child.kill('SIGKILL');
    expect((await s.exit).signal).toBe('SIGKILL');
    // Down across the due time.
    await new Promise((r) => setTimeout(r, Math.max(0, sendAt.getTime() - Date.now()) + 4_000));
    s = await startStackProcess(dir, s.port, 250, 2_000);
    children.push(s);
    await until('health 200', async () => (await fetch(`${s.url}/api/health`)).status === 200, 30_000, 100);
    expect((await admin.login(email)).status).toBe(200);
    const sent = await until('ENVIADA after the restart', async () => {
      const got = (await admin.call('GET', `/schedules/${made.body.id}`)).body;
      return got.status === 'ENVIADA' && got;
    }, 60_000, 500);
    expect(Date.parse(sent.sentAt)).toBeGreaterThan(sendAt.getTime());
    // A few more ticks and queue turns: still one message with that body in the conversation.
    await new Promise((r) => setTimeout(r, 6_000));
    expect((await storedBodies(s.dynamodb, companyId)).get(body)).toBe(1);
    expect((await queueDepths(s.url))['schedule-sends-dlq']).toBe(0);
    s.child.kill('SIGTERM');
    expect((await s.exit).code).toBe(0);
  }, 300_000);
});
