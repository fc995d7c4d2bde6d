/**
 * Campaigns (issue 22): staging 100,000 recipients on DynamoDB Local — write units, read units
 * and calls per recipient, and the wall time (reported, not a target) — then the send path of a
 * recipient step by step on a sample (the sender's job, the sender's deliverCampaignJob — RUN read,
 * the claim that records it sent, the send to a channel that only takes the job — the delivered and
 * read acks), the planner's share, and the counters the stream keeps.
 * Targets (issue 22): ≤ 1.5 WCU a recipient to stage; ≤ 3 more for the send and its statuses.
 * Everything runs in this process against the stack's table; the sandbox connection is never
 * paired, so nothing reaches a phone.
 */
import type { InboundUpdate } from '@conversa/shared/channels';
import type { OutboundJob } from '@conversa/shared/channels';
import { getRun, recipientsAfter, startRun, stopRun } from '../../functions/src/adapters/db/campaign-runs';
import { deliverCampaignJob } from '../../functions/src/domain/campaigns/deliver';
import { planCampaign } from '../../functions/src/domain/campaigns/queue-sends';
import { sendToRecipient } from '../../functions/src/domain/campaigns/send';
import { stageCampaign } from '../../functions/src/domain/campaigns/stage';
import { applyUpdate } from '../../functions/src/domain/inbound/apply-update';
import { putCampaign, putCampaignSettings, seedList } from '../support/campaign-fixtures';
import { benchCompany } from './company';

type Units = { read: number; write: number; calls: number; stream?: { read: number; write: number; calls: number } };

export async function benchCampaigns(url: string, takeUnits: () => Units, drained: () => Promise<void>, count = 100_000, sample = 500): Promise<string[]> {
  const { cid, whatsappId: wid } = await benchCompany(url, 'Bench Campanhas');
  await putCampaignSettings(cid, { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 });
  const f = (x: number, d = 2) => x.toFixed(d);
  const lines = ['', `Campaigns (${count.toLocaleString('en')} recipients staged; the send path on ${sample}; DynamoDB units per recipient)`, ''];
  lines.push(['operation'.padEnd(60), 'n'.padStart(7), 'RCU'.padStart(7), 'WCU'.padStart(7), 'calls'.padStart(6)].join(' '));
  const row = (op: string, n: number, u: Units) => lines.push([op.padEnd(60), String(n).padStart(7), f(u.read / n, 3).padStart(7), f(u.write / n, 3).padStart(7), f(u.calls / n, 3).padStart(6)].join(' '));
  const numbers = (n: number, from: number) => Array.from({ length: n }, (_, i) => `5511${String(from + i).padStart(7, '0')}12`);

  // Staging 100,000: the list is seeded first (not measured).
  const seedStart = performance.now();
  const { listId } = await seedList(cid, numbers(count, 0));
  const seedMs = performance.now() - seedStart;
  const big = await putCampaign(cid, { whatsappId: wid, contactListId: listId, message1: 'Olá {nome}, temos uma oferta para você!', message2: 'Oi {nome}! Veja a oferta.' });
  const run = (await startRun(cid, big.id, wid, new Date(), false))!;
  await drained();
  takeUnits();
  const t0 = performance.now();
  if ((await stageCampaign(cid, big.id, run.gen, () => Number.POSITIVE_INFINITY)) !== 'done') throw new Error('staging did not finish');
  const stageMs = performance.now() - t0;
  const staged = takeUnits();
  row('stage (list page read + BatchWrite + RUN progress)', count, staged);
  await drained();
  // The stream consumer runs while staging goes on: its units are those counted apart during and after.
  const after = takeUnits().stream ?? { read: 0, write: 0, calls: 0 };
  const during = staged.stream ?? { read: 0, write: 0, calls: 0 };
  row('  stream: the counters kept from the inserts (campaign-counts)', count, { read: during.read + after.read, write: during.write + after.write, calls: during.calls + after.calls });

  // The planner: one tick's page (the horizon holds ~60 recipients at a 10 s mean gap).
  const planned = await planCampaign(cid, big.id);
  row(`planner: a tick (queued ${planned.queued}), per recipient queued`, Math.max(1, planned.queued), takeUnits());
  await stopRun(cid, big.id, 'CANCELADA'); // its queued jobs find another generation and do nothing

  // The send path, step by step, on a campaign of `sample` recipients (staged, never planned).
  const { listId: small } = await seedList(cid, numbers(sample, 5_000_000));
  const c = await putCampaign(cid, { whatsappId: wid, contactListId: small, message1: 'Oferta para {nome}' });
  const r = (await startRun(cid, c.id, wid, new Date(), false))!;
  await stageCampaign(cid, c.id, r.gen, () => Number.POSITIVE_INFINITY);
  const { recipients } = await recipientsAfter(cid, c.id, undefined, 'R#~', sample);
  const gen = (await getRun(cid, c.id))!.gen;
  await drained();
  takeUnits();
  // The send's writes and reads, summed (the sender's job is reads only).
  let sendWcu = 0;
  let sendRcu = 0;
  const add = (u: Units) => {
    sendWcu += u.write;
    sendRcu += u.read;
    return u;
  };
  for (const x of recipients) await sendToRecipient({ companyId: cid, campaignId: c.id, gen, itemId: x.itemId });
  row('sender job: RUN + recipient + opt-out reads, the outbound job', sample, add(takeUnits()));
  // The sender itself, on a channel that keeps the job (its preset id is what the acks name).
  const sentIds = new Map<number, string>();
  const quiet = { info: () => {}, warn: () => {} };
  for (const x of recipients) {
    const job: OutboundJob = { companyId: cid, whatsappId: wid, chatId: x.number, campaign: { campaignId: c.id, itemId: x.itemId, gen }, isGroup: false, action: 'send', body: 'Oferta', isForwarded: false };
    const sent = await deliverCampaignJob(job, {
      claimant: 'bench-host', interruptedAfterMs: 60_000, log: quiet,
      send: async (j) => (sentIds.set(x.itemId, j.presetId!), { externalId: j.presetId! }),
      publish: async () => {},
    });
    if (sent !== 'done' || !sentIds.has(x.itemId)) throw new Error('send refused');
  }
  row('host: RUN read (strong), the claim that records it sent; the send', sample, add(takeUnits()));
  const ack = (x: { itemId: number }, n: number): InboundUpdate => ({ kind: 'update', companyId: cid, whatsappId: wid, externalId: sentIds.get(x.itemId)!, chatId: '5511', ack: n, timestamp: Date.now() });
  for (const x of recipients) await applyUpdate(ack(x, 2));
  row('inbound: delivered ack (the id names the recipient: status only)', sample, add(takeUnits()));
  for (const x of recipients) await applyUpdate(ack(x, 3));
  row('inbound: read ack (status only)', sample, add(takeUnits()));
  await drained();
  row('  stream: counters of those three status changes (amortised)', sample, takeUnits().stream ?? { read: 0, write: 0, calls: 0 });

  const perSec = (n: number, ms: number) => f(n / (ms / 1000), 0);
  lines.push('', `staging wall time: ${f(stageMs / 1000, 1)} s for ${count.toLocaleString('en')} recipients (${perSec(count, stageMs)}/s; seeding the list took ${f(seedMs / 1000, 1)} s)`);
  lines.push(`staging per recipient: ${f(staged.write / count, 3)} WCU (target ≤ 1.5), ${f(staged.read / count, 3)} RCU, ${f(staged.calls / count, 3)} calls`);
  lines.push(`send and statuses per recipient: ${f(sendWcu / sample, 2)} WCU (claim-as-sent, delivered, read: target ≤ 3 more), ${f(sendRcu / sample, 2)} RCU`);
  return lines;
}
