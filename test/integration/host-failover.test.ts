/**
 * The session host killed in the middle of an inbound stream and of an outbound batch: after
 * its restart (a new host id, taking the sessions over through their leases) nothing is lost
 * and nothing is sent twice. This file runs its own stack to be able to kill its host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../infra/local/stack';
import { queryPartition } from '../support/db';
import { Client, PASSWORD } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

let stack: Stack;
let admin: Client;
let companyId: number;
let wid: number;


beforeAll(async () => {
  // SQS seconds at a quarter: a batch the killed host had taken comes back after its visibility
  // timeout (60 s for outbound), which the test waits for.
  stack = await startStack({ port: 0, seed: true, tickMs: 3_600_000, log: process.env.STACK_LOG === '1', sessionHost: true, handleSignals: false, queueSecondMs: 250 });
  const anon = new Client('pt', stack.url);
  const email = `failover-${Date.now()}@example.test`;
  const plans = (await anon.call('GET', '/plans/list')).body;
  const signup = await anon.call('POST', '/auth/signup', { body: { companyName: 'Failover', name: 'Admin Failover', email, password: PASSWORD, phone: '', planId: plans.find((p: { name: string }) => p.name === 'ultimate').id } });
  companyId = signup.body.companyId;
  admin = new Client('pt', stack.url);
  await admin.login(email);
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  await pairSandbox(admin, wid);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('session host failover', () => {
  it('an inbound stream survives a killed host: every message stored exactly once', async () => {
    const total = 90;
    for (let i = 0; i < total; i++) {
      const res = await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: `551197000000${i % 3}`, name: `Cliente ${i % 3}`, body: `m${i}`, id: `FAIL${i}` } });
      expect(res.status).toBe(202);
      if (i === 30) await stack.sessionHost.kill('SIGKILL');
      if (i === 60) await stack.sessionHost.start();
    }
    const bodies = await until('all inbound messages stored', async () => {
      const tickets = await queryPartition(`C#${companyId}#TICKETS`);
      const all = (await Promise.all(tickets.map((t) => queryPartition(`C#${companyId}#MSGS#${t.id}`)))).flat();
      return all.length >= total ? all.map((m) => m.body as string) : undefined;
    }, 60_000, 500);
    expect(bodies).toHaveLength(total);
    expect(new Set(bodies).size).toBe(total);
    expect(await queryPartition(`C#${companyId}#TICKETS`)).toHaveLength(3);
  }, 120_000);

  it('an outbound batch survives a killed host: nothing sent twice, nothing silently lost', async () => {
    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    const total = 20;
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const res = await admin.call('POST', `/messages/${ticket!.id}`, { body: { body: `resposta ${i}` } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      if (i === 9) await stack.sessionHost.kill('SIGKILL');
    }
    await stack.sessionHost.start();
    const settled = await until('every reply sent or visibly failed', async () => {
      const msgs = (await queryPartition(`C#${companyId}#MSGS#${ticket!.id}`)).filter((m) => ids.includes(m.id));
      return msgs.every((m) => m.externalId || m.error) ? msgs : undefined;
    }, 90_000, 500);
    const outbox = (await admin.call('GET', `/sandbox/${wid}/outbox?limit=100`)).body.items as { body: string }[];
    const sent = outbox.map((o) => o.body).filter((b) => /resposta \d+$/.test(b));
    expect(new Set(sent).size).toBe(sent.length); // nothing twice
    // Every reply reached the phone, or — when the host died between its claim and its record of
    // the send — is marked failed for the agent to see, rather than risked twice.
    for (const m of settled) expect(sent.some((b) => b.endsWith(m.body.split('\n').pop())) || Boolean(m.error), m.body).toBe(true);
    expect(settled.filter((m) => m.error).length).toBeLessThanOrEqual(1);
    expect(sent.length).toBeGreaterThanOrEqual(total - 1);
  }, 150_000);

  it('restart connections brings the sandbox back without a new QR', async () => {
    const res = await admin.call('POST', '/whatsapp-restart');
    expect(res.body.restarted).toBe(1);
    await until('CONNECTED again', async () => (await admin.call('GET', `/whatsapp/${wid}`)).body.status === 'CONNECTED', 40_000);
    expect((await admin.call('GET', `/whatsapp/${wid}`)).body.qrcode).toBe('');
  }, 60_000);
});
