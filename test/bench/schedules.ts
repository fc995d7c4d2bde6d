/**
 * Scheduled messages: DynamoDB units per schedule written (POST /schedules), per due minute the
 * tick reads, and per scheduled send (the sender's claim, the contact's ticket, the message
 * through the outbound path, the outcome's transaction), plus what a job delivered twice costs.
 * A fresh company with one sandbox connection and 20 contacts; 200 schedules due in one minute,
 * a day ahead (so the stack's own tick leaves them alone); the sender runs in this process, job by job.
 */
import { dueInMinute, dueMinute } from '../../functions/src/adapters/db/schedules';
import { createSchedule } from '../../functions/src/domain/schedules/manage-schedules';
import { runSchedule } from '../../functions/src/domain/schedules/send-schedules';
import { benchCompany } from './company';

type Units = { read: number; write: number; calls: number };

export async function benchSchedules(url: string, takeUnits: () => Units, count = 200): Promise<string[]> {
  const { api, cid, auth } = await benchCompany(url, 'Bench Agenda');
  const contacts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c = (await (await fetch(`${api}/contacts`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Agenda ${i}`, number: `5511970${String(i).padStart(6, '0')}` }) })).json()) as { id: number };
    contacts.push(c.id);
  }
  const f = (x: number, d = 2) => x.toFixed(d);
  const lines = ['', `Scheduled messages (${count} due in one minute, 20 contacts; DynamoDB units per operation)`, ''];
  lines.push(['operation'.padEnd(52), 'n'.padStart(4), 'RCU'.padStart(7), 'WCU'.padStart(7), 'calls'.padStart(6)].join(' '));
  const row = (op: string, n: number, u: Units) => lines.push([op.padEnd(52), String(n).padStart(4), f(u.read / n).padStart(7), f(u.write / n).padStart(7), f(u.calls / n, 1).padStart(6)].join(' '));

  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 86_400_000);
  takeUnits();
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${api}/schedules`, { method: 'POST', headers: auth, body: JSON.stringify({ body: `Lembrete pela API ${i}`, sendAt: new Date(minute.getTime() + 3_600_000).toISOString(), contactId: contacts[i] }) });
    if (res.status !== 201) throw new Error(`POST /schedules: ${res.status} ${await res.text()}`);
  }
  row('POST /schedules (caller, checks, id, schedule + due item)', 20, takeUnits());

  const made = [];
  for (let i = 0; i < count; i++) made.push(await createSchedule(cid, { body: `Lembrete ${i}`, sendAt: new Date(minute.getTime() + (i % 60) * 1000).toISOString(), contactId: contacts[i % 20]! }));
  row('createSchedule (the domain function the lanes call)', count, takeUnits());
  const due = await dueInMinute(dueMinute(minute.toISOString()));
  row(`tick: read one due minute (${due.length} items)`, 1, takeUnits());
  await dueInMinute(dueMinute(new Date(minute.getTime() + 120_000).toISOString()));
  row('tick: read an empty minute', 1, takeUnits());

  const first = made.slice(0, 20);
  const rest = made.slice(20);
  for (const s of first) await runSchedule({ companyId: cid, scheduleId: s.id, sendAt: s.sendAt }, `bench-${s.id}`);
  row("send, the contact's first (opens its ticket)", first.length, takeUnits());
  for (const s of rest) if ((await runSchedule({ companyId: cid, scheduleId: s.id, sendAt: s.sendAt }, `bench-${s.id}`)) !== 'sent') throw new Error(`schedule ${s.id} not sent`);
  row('send, on the open ticket', rest.length, takeUnits());
  for (const s of rest) if ((await runSchedule({ companyId: cid, scheduleId: s.id, sendAt: s.sendAt }, `bench-dup-${s.id}`)) !== 'skipped') throw new Error(`schedule ${s.id} sent twice`);
  row('a job delivered twice (the claim refuses it)', rest.length, takeUnits());
  lines.push('', 'A send: the claim (conditional UpdateItem), contact, connections, user, the ticket lock and ticket, the message (conditional put) and the ticket touch, the realtime fan-out reads, then one transaction: the outcome, the due item deleted.');
  return lines;
}
