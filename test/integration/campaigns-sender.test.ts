/**
 * The campaign sender on a stack of its own (BEHAVIOUR.md "Campaigns"; issue 22 "Tests and
 * figures"), with the campaign clock compressed 50× (CAMPAIGN_TIME_SCALE 0.02, the campaign-sends
 * queue's seconds 20 ms; the other queues' a quarter, like host-failover.test.ts) and the tick every
 * half second:
 *
 *   1,000 recipients (1 % invalid on the sandbox): each valid one gets exactly one message while the
 *   campaign-sends and outbound queues deliver a tenth of their jobs twice and the session host is
 *   SIGKILLed once mid-way; the gaps follow the settings (mean, spread, the longer interval).
 *   Staging costs ≤ 1.5 write units a recipient.
 *   Cancel mid-way: nothing more goes out; restart: only the unsent do.
 *   A ban signal (a number ending 429) pauses the campaign, keeps the rest pending, and reaches the
 *   admins live and by e-mail.
 *   Confirmation: a reply → the message follows; 'sair' → opted out, never sent by any campaign of
 *   the company; no ticket for any of it; a recipient who answers a plain campaign gets a ticket.
 *   The connection's daily cap: what does not fit rolls to the next day at the campaign's hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
process.env.CAMPAIGN_TIME_SCALE = '0.02';
process.env.DDB_CAPACITY_METER = '1';
const { startStack } = await import('../../infra/local/stack');
const { takeUnits } = await import('../../functions/src/adapters/db/capacity');
const runs = await import('../../functions/src/adapters/db/campaign-runs');
const { getCampaign } = await import('../../functions/src/adapters/db/campaigns');
const { beginCampaign, cancelCampaign, restartCampaign } = await import('../../functions/src/domain/campaigns/run');
const { stageCampaign } = await import('../../functions/src/domain/campaigns/stage');
const { deliverCampaignJob } = await import('../../functions/src/domain/campaigns/deliver');
const { planCampaign, STUCK_REASON } = await import('../../functions/src/domain/campaigns/queue-sends');
const { capDay, nextDayAtStart } = await import('../../functions/src/domain/campaigns/plan');
const { db, table } = await import('../../functions/src/adapters/db/client');
const { capKey } = await import('../../functions/src/adapters/db/campaigns');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { applyUpdate } = await import('../../functions/src/domain/inbound/apply-update');
const { putCampaign, putCampaignSettings, receivedBy, seedList, ticketsOf } = await import('../support/campaign-fixtures');
const { openSocket } = await import('../support/socket');
const { companyWithSandbox, until } = await import('../support/sandbox');

type Stack = Awaited<ReturnType<typeof startStack>>;
const SCALE = 0.02;
let stack: Stack;
let tenant: Awaited<ReturnType<typeof companyWithSandbox>>;

beforeAll(async () => {
  stack = await startStack({ port: 0, seed: true, tickMs: 500, queueSecondMs: 250, queueSecondMsByQueue: { 'campaign-sends': 1000 * SCALE }, duplicateDeliveries: { 'campaign-sends': 0.1, 'outbound-session': 0.1 }, handleSignals: false });
  tenant = await companyWithSandbox(stack.url);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** `n` sandbox numbers from `from`; every `invalidEvery`-th ends in 000 (no account on the sandbox). */
const numbers = (n: number, from: number, invalidEvery = 0) =>
  Array.from({ length: n }, (_, i) => `5511${String(from + i).padStart(6, '0')}${invalidEvery && (i + 1) % invalidEvery === 0 ? '000' : '123'}`);

const settled = (cid: number, id: number, ms = 120_000) =>
  until(`campaign ${id} finished`, async () => {
    const run = await runs.getRun(cid, id);
    return run?.status === 'FINALIZADA' && run;
  }, ms, 250);

describe('campaign sender', () => {
  it('stages a recipient for ≤ 1.5 write units', async () => {
    const { companyId: cid, wid } = tenant;
    const { listId } = await seedList(cid, numbers(300, 900_000));
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Olá {nome}', message2: 'Oi {nome}!' });
    const run = await runs.startRun(cid, c.id, wid, new Date(), false); // RUN only: no stage job, no registry
    takeUnits();
    expect(await stageCampaign(cid, c.id, run!.gen, () => 60_000)).toBe('done');
    const units = takeUnits();
    expect(units.write / 300).toBeLessThanOrEqual(1.5);
    const staged = await runs.allRecipients(cid, c.id);
    expect(staged).toHaveLength(300);
    expect(new Set(staged.map((r) => r.body.split(' ')[0]))).toEqual(new Set(['Olá', 'Oi']));
    await runs.stopRun(cid, c.id, 'CANCELADA');
  });

  it('sends a recipient and takes its delivered and read acks for ≤ 3 write units (no index item: the id names the recipient)', async () => {
    const { companyId: cid, wid } = tenant;
    const { listId } = await seedList(cid, numbers(50, 950_000));
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Olá {nome}' });
    const run = (await runs.startRun(cid, c.id, wid, new Date(), false))!;
    await stageCampaign(cid, c.id, run.gen, () => 60_000);
    const staged = await runs.allRecipients(cid, c.id);
    const sent = new Map<number, string>();
    const quiet = { info: () => {}, warn: () => {} };
    takeUnits();
    for (const r of staged) {
      const job = { companyId: cid, whatsappId: wid, chatId: r.number, campaign: { campaignId: c.id, itemId: r.itemId, gen: run.gen }, isGroup: false, action: 'send' as const, body: r.body, isForwarded: false };
      const send = async (j: typeof job & { presetId?: string }) => (sent.set(r.itemId, j.presetId!), { externalId: j.presetId! });
      const d = { claimant: 'units-test', interruptedAfterMs: 60_000, log: quiet, send, publish: async () => {} };
      expect(await deliverCampaignJob(job, d)).toBe('done');
      // A twin delivery of the same job sends nothing (its claim finds the recipient moved).
      expect(await deliverCampaignJob(job, d)).toBe('done');
    }
    for (const ack of [2, 3]) for (const r of staged) expect(await applyUpdate({ kind: 'update', companyId: cid, whatsappId: wid, externalId: sent.get(r.itemId)!, chatId: r.number, ack, timestamp: Date.now() })).toBe('applied');
    const units = takeUnits();
    expect(sent.size).toBe(50);
    expect(units.write / 50).toBeLessThanOrEqual(3);
    expect((await runs.allRecipients(cid, c.id)).every((r) => r.status === 'read')).toBe(true);
    await runs.stopRun(cid, c.id, 'CANCELADA');
  });

  it('a recipient whose send was lost (its job dead-lettered) is marked failed an hour after the last planned send, and the campaign finishes', async () => {
    const { companyId: cid, wid } = tenant;
    const { listId } = await seedList(cid, numbers(5, 970_000));
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Olá {nome}' });
    const run = (await runs.startRun(cid, c.id, wid, new Date(), false))!;
    expect(await stageCampaign(cid, c.id, run.gen, () => 60_000)).toBe('done');
    // Every job was queued and lost: the cursor is at the end, every recipient still pending.
    const staged = (await runs.getRun(cid, c.id))!;
    const lastSk = runs.recipientSk(Math.max(...(await runs.allRecipients(cid, c.id)).map((r) => r.itemId)));
    expect(await runs.advanceQueued(cid, c.id, run.gen, staged.queuedThrough, { through: lastSk, offsetMs: 0, shiftMs: 0 })).toBe(true);
    await until('the stream counted them pending', async () => (await runs.getRun(cid, c.id))!.counts.pending === 5, 20_000, 100);
    // Within the hour nothing happens; after it, the five are failed with the reason and the campaign ends.
    expect(await planCampaign(cid, c.id, Date.now())).toEqual({ queued: 0, finished: false });
    expect((await runs.allRecipients(cid, c.id)).every((r) => r.status === 'pending')).toBe(true);
    const later = Date.now() + 2 * 3600_000; // past the hour at any clock scale
    expect((await planCampaign(cid, c.id, later)).finished).toBe(false);
    const after = await runs.allRecipients(cid, c.id);
    expect(after.map((r) => [r.status, r.reason])).toEqual(Array(5).fill(['failed', STUCK_REASON]));
    await until('finished', async () => (await planCampaign(cid, c.id, later)).finished, 20_000, 200);
    expect((await getCampaign(cid, c.id))!.status).toBe('FINALIZADA');
  });

  it('1,000 recipients: each valid one gets exactly one message, with twin deliveries and the host killed mid-way; the gaps follow the settings', async () => {
    const { companyId: cid, wid } = tenant;
    const settings = { messageInterval: 5, longerIntervalAfter: 30, greaterInterval: 20 };
    await putCampaignSettings(cid, settings);
    const list = numbers(1000, 100_000, 100);
    const { listId } = await seedList(cid, list);
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Promoção para {nome}' });
    const started = Date.now();
    expect((await beginCampaign(c)).status).toBe('EM_ANDAMENTO');

    // The host dies (SIGKILL) once a third is out, and comes back as a new host.
    await until('a third sent', async () => [...(await receivedBy(cid, wid)).keys()].filter((n) => list.includes(n)).length >= 330, 90_000, 250);
    const killedAt = Date.now();
    await stack.sessionHost.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    await stack.sessionHost.start();
    const run = await settled(cid, c.id, 150_000);
    const backAt = Date.now();

    const got = await receivedBy(cid, wid);
    const recipients = new Map((await runs.allRecipients(cid, c.id)).map((r) => [r.number, r]));
    const invalid = list.filter((n) => n.endsWith('000'));
    expect(invalid).toHaveLength(10);
    for (const n of invalid) {
      expect(got.get(n), n).toBeUndefined();
      expect(recipients.get(n)?.status).toBe('invalid');
    }
    const interrupted: string[] = [];
    for (const n of list.filter((x) => !x.endsWith('000'))) {
      const r = recipients.get(n)!;
      if (r.status === 'failed' && /interrupted/.test(r.reason ?? '')) {
        interrupted.push(n); // the host died between its claim and the outcome: at most once, never twice
        expect((got.get(n) ?? []).length, n).toBeLessThanOrEqual(1);
        continue;
      }
      expect(got.get(n)?.length, n).toBe(1);
      expect(got.get(n)![0]!.body).toBe(`Promoção para ${r.name}`);
      expect(['sent', 'delivered', 'read'], n).toContain(r.status);
    }
    expect(interrupted.length).toBeLessThanOrEqual(10);
    expect(run.counts).toMatchObject({ total: 1000, valid: 990, invalid: 10, pending: 0 });
    expect(run.counts.sent + run.counts.delivered + run.counts.read + run.counts.failed).toBe(990);
    expect(await ticketsOf(cid)).toEqual([]);

    // The pace, from what the phone received (the minutes around the host's restart left out).
    const times = [...got.entries()].filter(([n]) => list.includes(n)).map(([, m]) => m[0]!.at).sort((a, b) => a - b);
    // The new host takes the session once the dead one's lease ran out (15 s), then sends the backlog at once.
    const resumed = times.find((t) => t > killedAt + 1_000) ?? killedAt;
    const gaps = times.slice(1).map((t, i) => ({ at: times[i]!, gap: t - times[i]! })).filter((g) => g.at < killedAt - 500 || g.at > resumed + 6_000);
    const long = gaps.filter((g) => g.gap >= settings.greaterInterval * 1000 * SCALE * 0.75);
    const short = gaps.filter((g) => g.gap < settings.greaterInterval * 1000 * SCALE * 0.75).map((g) => g.gap);
    const mean = short.reduce((a, b) => a + b, 0) / short.length;
    const sd = Math.sqrt(short.reduce((a, g) => a + (g - mean) ** 2, 0) / short.length);
    const expectedMean = (settings.messageInterval * 1000 * SCALE) / 2; // uniform in [0, messageInterval]: 50 ms
    expect(mean).toBeGreaterThan(expectedMean * 0.7);
    expect(mean).toBeLessThan(expectedMean * 1.4);
    expect(sd).toBeGreaterThan(expectedMean * 0.3); // uniform: 0.58 × the mean; never one fixed gap
    expect(sd).toBeLessThan(expectedMean * 1.2);
    // One longer pause every 30 sends (33 in 990; those of the restart's window left out).
    expect(gaps.length).toBeGreaterThan(400);
    expect(long.length).toBeGreaterThanOrEqual(Math.floor((gaps.length / 990) * 33) - 8);
    expect(long.length).toBeLessThanOrEqual(36);
    expect(backAt - started).toBeLessThan(150_000);
  }, 240_000);

  it('cancel: nothing more goes out once it answers; restart: only the unsent go out', async () => {
    const { companyId: cid, wid } = tenant;
    await putCampaignSettings(cid, { messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = numbers(120, 300_000);
    const { listId } = await seedList(cid, list);
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Cancelável' });
    await beginCampaign(c);
    await until('some sent', async () => [...(await receivedBy(cid, wid)).keys()].filter((n) => list.includes(n)).length >= 20, 60_000, 100);
    const view = await cancelCampaign(cid, c.id);
    const answered = Date.now();
    expect(view.status).toBe('CANCELADA');
    await new Promise((r) => setTimeout(r, 3_000)); // 30 planned gaps of 100 ms
    const after = await receivedBy(cid, wid);
    const ours = [...after.entries()].filter(([n]) => list.includes(n));
    // A send the host had claimed before the cancel may land a moment after it; none starts after.
    expect(ours.filter(([, m]) => m[0]!.at > answered + 300)).toEqual([]);
    const sentBefore = new Set(ours.map(([n]) => n));
    expect(sentBefore.size).toBeLessThan(110);
    const pending = (await runs.allRecipients(cid, c.id)).filter((r) => r.status === 'pending');
    expect(pending.length).toBe(120 - sentBefore.size);

    expect((await restartCampaign(cid, c.id)).status).toBe('EM_ANDAMENTO');
    await settled(cid, c.id, 60_000);
    const done = await receivedBy(cid, wid);
    for (const n of list) expect(done.get(n)?.length, n).toBe(1);
  }, 120_000);

  it('a ban signal pauses the campaign, keeps the rest pending, and tells the admins live and by e-mail', async () => {
    const { companyId: cid, wid, admin, email } = tenant;
    await putCampaignSettings(cid, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const list = [...numbers(5, 400_000), '5511400005429', ...numbers(30, 400_010)];
    const { listId } = await seedList(cid, list);
    const socket = await openSocket(admin.token!, stack.url);
    try {
      const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Pausável' });
      await beginCampaign(c);
      const live = await socket.waitFor((e) => e.channel === `company-${cid}-campaign` && (e.data.record as { id: number; pausedReason: string | null })?.id === c.id && !!(e.data.record as { pausedReason: string | null }).pausedReason, 30_000);
      expect(live.data.record).toMatchObject({ status: 'CANCELADA', pausedReason: 'rate_limit' });
      const run = await runs.getRun(cid, c.id);
      expect(run?.status).toBe('CANCELADA');
      expect((await getCampaign(cid, c.id))?.pausedReason).toBe('rate_limit');
      await new Promise((r) => setTimeout(r, 1_000));
      const rs = await runs.allRecipients(cid, c.id);
      const pending = rs.filter((r) => r.status === 'pending');
      expect(pending.map((r) => r.number)).toContain('5511400005429'); // refused, not sent: kept for a restart
      expect(pending.length).toBeGreaterThan(20);
      const got = await receivedBy(cid, wid);
      expect(got.get('5511400005429')).toBeUndefined();
      const mail = await until('the pause e-mail', async () => stack.mails().find((m) => m.to.includes(email) && /pausada/i.test(m.subject)), 10_000);
      expect(mail.text).toMatch(/limitou/);
    } finally {
      socket.close();
    }
  }, 60_000);

  it('confirmation: a reply brings the message, "sair" opts out of every campaign of the company; no ticket for them, a ticket for a plain reply', async () => {
    const { companyId: cid, wid, admin } = tenant;
    await putCampaignSettings(cid, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const [yes, no, quiet, plain] = numbers(4, 500_000);
    const { listId } = await seedList(cid, [yes!, no!, quiet!]);
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, confirmation: true, message1: 'A oferta, {nome}', confirmationMessage1: 'Quer receber a oferta? Responda sim ou sair' });
    await beginCampaign(c);
    await until('the confirmations asked', async () => {
      const rs = await runs.allRecipients(cid, c.id);
      return rs.length === 3 && rs.every((r) => r.status === 'confirmation_requested') && rs;
    }, 30_000);
    let got = await until('the confirmations on the phones', async () => {
      const m = await receivedBy(cid, wid);
      return [yes!, no!, quiet!].every((n) => m.get(n)?.length) && m;
    }, 30_000);
    for (const n of [yes!, no!, quiet!]) expect(got.get(n)?.map((m) => m.body)).toEqual(['Quer receber a oferta? Responda sim ou sair']);

    const play = (from: string, body: string, id: string) => admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Cliente', body, id } });
    expect((await play(yes!, 'Sim!', `conf-yes-${cid}`)).status).toBe(202);
    expect((await play(no!, 'Sair', `conf-no-${cid}`)).status).toBe(202);
    await until('the message after the confirmation', async () => (await receivedBy(cid, wid)).get(yes!)?.length === 2, 30_000);
    got = await receivedBy(cid, wid);
    expect(got.get(yes!)![1]!.body).toBe('A oferta, Cliente 1');
    await until('the opt-out', async () => (await runs.getRecipient(cid, c.id, (await runs.allRecipients(cid, c.id)).find((r) => r.number === no)!.itemId))?.status === 'opted_out', 10_000);
    expect(await runs.isOptedOut(cid, no!)).toBe(true);
    expect(await ticketsOf(cid)).toEqual([]); // the answers were consumed

    // Any later campaign of the company skips the number that opted out.
    const { listId: again } = await seedList(cid, [no!, plain!]);
    const d = await putCampaign(cid, { whatsappId: wid, contactListId: again, message1: 'Outra campanha' });
    await beginCampaign(d);
    await settled(cid, d.id, 30_000);
    const byNumber = new Map((await runs.allRecipients(cid, d.id)).map((r) => [r.number, r.status]));
    expect(byNumber.get(no!)).toBe('opted_out');
    got = await receivedBy(cid, wid);
    expect(got.get(no!)!.map((m) => m.body)).toEqual(['Quer receber a oferta? Responda sim ou sair']);
    expect(got.get(plain!)!.map((m) => m.body)).toEqual(['Outra campanha']);
    expect(got.get(quiet!)!.map((m) => m.body)).toEqual(['Quer receber a oferta? Responda sim ou sair']); // never answered: no message

    // A recipient of a plain campaign who answers: a normal ticket.
    expect((await play(plain!, 'Tenho uma dúvida', `reply-${cid}`)).status).toBe(202);
    const tickets = await until('a ticket for the answer', async () => {
      const t = await ticketsOf(cid);
      return t.length > 0 && t;
    }, 15_000);
    expect(tickets).toHaveLength(1);
  }, 90_000);

  it("the connection's daily cap: what does not fit today rolls to the same time tomorrow, and goes out then", async () => {
    // A company of its own: the cap is the connection's, and the tests above sent through the shared one today.
    const own = await companyWithSandbox(stack.url);
    const { companyId: cid, wid } = own;
    await putCampaignSettings(cid, { messageInterval: 5, longerIntervalAfter: 30, greaterInterval: 20, dailyCap: 3 });
    const list = numbers(5, 990_000);
    const { listId } = await seedList(cid, list);
    const c = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Oferta para {nome}' });
    const started = Date.now();
    const run = (await runs.startRun(cid, c.id, wid, new Date(started), false))!; // planned here, not by the tick
    expect(await stageCampaign(cid, c.id, run.gen, () => 60_000)).toBe('done');
    const sentTo = async () => [...(await receivedBy(cid, wid)).keys()].filter((n) => list.includes(n)).sort();

    // Today: three of the five, and the cap item says so; the other two wait for tomorrow.
    expect(await planCampaign(cid, c.id, started)).toEqual({ queued: 3, finished: false });
    await until('three sent', async () => (await sentTo()).length === 3, 30_000, 200);
    expect((await db().send(new GetCommand({ TableName: table(), Key: capKey(cid, wid, capDay(started)), ConsistentRead: true }))).Item?.used).toBe(3);
    expect(await planCampaign(cid, c.id, started + 60_000)).toEqual({ queued: 0, finished: false });
    const waiting = await runs.getRun(cid, c.id);
    expect(waiting!.shiftMs).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sentTo()).toHaveLength(3);

    // Tomorrow, at the hour the campaign started: the other two, counted on tomorrow's cap.
    const tomorrow = nextDayAtStart(started, started) + 60_000;
    expect(await planCampaign(cid, c.id, tomorrow)).toMatchObject({ queued: 2 });
    await until('all five sent', async () => (await sentTo()).length === 5, 30_000, 200);
    expect((await db().send(new GetCommand({ TableName: table(), Key: capKey(cid, wid, capDay(tomorrow)), ConsistentRead: true }))).Item?.used).toBe(2);
    for (const [, got] of await receivedBy(cid, wid)) expect(got).toHaveLength(1);
  });
});
