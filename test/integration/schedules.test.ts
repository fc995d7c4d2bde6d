/**
 * Scheduled messages end to end (spec 3 "Schedules page", §5; BEHAVIOUR.md "Lanes, schedules and
 * open-by-phone"): a due schedule goes out once through the normal outbound path (in the
 * conversation, on the sandbox phone) and is ENVIADA; 500 due in one minute are 500 sends with
 * jobs queued twice on purpose; a failure is ERRO with the reason; one missed while the tick did not
 * run goes out once at the next tick (the tick driven with fixed event times, clocks compressed);
 * the dialog's validation; the plan flag.
 */
import type { Context } from 'aws-lambda';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PLANS } from '../../shared/src/plans';
import { db, table } from '../../functions/src/adapters/db/client';
import { putPlan } from '../../functions/src/adapters/db/plans';
import { getSchedule, insertSchedule } from '../../functions/src/adapters/db/schedules';
import { nextId } from '../../functions/src/adapters/db/counters';
import { enqueueBatch, queueUrl, sqs } from '../../functions/src/adapters/queue';
import { QUEUE } from '../../functions/src/adapters/queue-config';
import { createSchedule } from '../../functions/src/domain/schedules/manage-schedules';
import { handler as tick } from '../../functions/src/workers/tick';
import { newCompany, unique, type Client } from '../support/api';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';
import { pairSandbox, sandboxOutbox, until } from '../support/sandbox';
import { TINY_PNG, uploadFile } from '../support/tenants';

let admin: Client;
let companyId: number;
let wid: number;
let contactId: number;
let ticketId: number;
let socket: Awaited<ReturnType<typeof openSocket>>;

const PHONE = '5511987650001';
const outbox = () => sandboxOutbox(admin, wid);
/** Runs the EventBridge tick as AWS would, at a fixed time. */
const runTick = (at: Date) => tick({ version: '0', id: unique('tick'), 'detail-type': 'Scheduled Event', source: 'aws.events', account: '0', time: at.toISOString(), region: 'us-east-1', resources: [], detail: {} } as never, {} as Context);
/** Sets the tick's cursor as if the last tick had run through `minute` (the system down since). */
const cursorAt = (minute: Date) => {
  const m = minute.toISOString().slice(0, 16);
  return db().send(new PutCommand({ TableName: table(), Item: { PK: 'P#DUE#SCHED', SK: 'CURSOR', done: m, scanning: m } }));
};
const status = async (id: number) => (await getSchedule(companyId, id))?.status;
const sentBodies = async (tid: number) => (await queryPartition(`C#${companyId}#MSGS#${tid}`)).filter((m) => m.fromMe).map((m) => String(m.body));
const queueIdle = () =>
  until('the schedule queue to drain', async () => {
    const out = await sqs().send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(QUEUE.scheduleSends), AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] }));
    return Object.values(out.Attributes ?? {}).every((v) => v === '0');
  }, 60_000);

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id;
  socket = await openSocket(admin.token!);
  await pairSandbox(admin, wid);
  await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from: PHONE, name: 'Cliente Agenda', body: 'Olá, quero ser lembrado', id: unique('IN') } });
  const created = await socket.waitFor((e) => e.channel === `company-${companyId}-appMessage` && e.data.action === 'create', 20_000);
  ticketId = (created.data.ticket as { id: number }).id;
  contactId = (created.data.ticket as { contactId: number }).contactId;
}, 90_000);
afterAll(() => socket?.close());

describe('scheduled messages', () => {
  it('a schedule due now goes out once: in the conversation, on the phone, ENVIADA, live on the schedule channel', async () => {
    const made = await admin.call('POST', '/schedules', { body: { body: 'Lembrete: sua consulta é hoje', sendAt: new Date(Date.now() - 1000).toISOString(), contactId } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'PENDENTE', contact: { id: contactId, name: 'Cliente Agenda' }, daysR: 0, sentAt: null });
    await socket.waitFor((e) => e.channel === `company-${companyId}-schedule` && e.data.action === 'create' && (e.data.schedule as { id: number }).id === made.body.id);
    // The tick runs now (whether creation already queued it or not, it is sent once).
    await runTick(new Date());
    const done = await socket.waitFor((e) => e.channel === `company-${companyId}-schedule` && e.data.action === 'update' && (e.data.schedule as { id: number; status: string }).id === made.body.id, 30_000);
    expect(done.data.schedule).toMatchObject({ status: 'ENVIADA', error: null });
    await until('the phone to receive it', async () => (await outbox()).some((i) => i.body === 'Lembrete: sua consulta é hoje' && i.to === PHONE));
    await runTick(new Date());
    await queueIdle();
    expect((await outbox()).filter((i) => i.body === 'Lembrete: sua consulta é hoje')).toHaveLength(1);
    expect((await sentBodies(ticketId)).filter((b) => b === 'Lembrete: sua consulta é hoje')).toHaveLength(1);
    const got = await admin.call('GET', `/schedules/${made.body.id}`);
    expect(got.body).toMatchObject({ status: 'ENVIADA', error: null });
    expect(got.body.sentAt).toBeTruthy();
    // The conversation shows it like an agent's message.
    const msgs = await admin.call('GET', `/messages/${ticketId}`);
    expect(msgs.body.messages.find((m: { body: string }) => m.body === 'Lembrete: sua consulta é hoje')).toMatchObject({ fromMe: true });
    // A sent schedule whose text is edited stays sent: nothing goes out again.
    const edited = await admin.call('PUT', `/schedules/${made.body.id}`, { body: { body: 'Lembrete: sua consulta foi hoje' } });
    expect(edited.body).toMatchObject({ status: 'ENVIADA', body: 'Lembrete: sua consulta foi hoje' });
    await runTick(new Date());
    await queueIdle();
    expect((await sentBodies(ticketId)).filter((b) => b.startsWith('Lembrete: sua consulta'))).toHaveLength(1);
  });

  it('500 schedules due in the same minute are 500 sends, none twice, though 150 jobs are queued twice', async () => {
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000);
    await cursorAt(new Date(minute.getTime() - 60_000));
    const contacts: number[] = [];
    for (let i = 0; i < 50; i++) {
      const c = await admin.call('POST', '/contacts', { body: { name: `Lote ${i}`, number: `55119800${String(i).padStart(5, '0')}` } });
      expect(c.status, JSON.stringify(c.body)).toBeLessThan(300);
      contacts.push(c.body.id);
    }
    const made: { id: number; sendAt: string; body: string }[] = [];
    for (let i = 0; i < 500; i += 50) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, async (_, j) => {
            const n = i + j;
            const s = await createSchedule(companyId, { body: `Lote mensagem ${n}`, sendAt: new Date(minute.getTime() + (n % 60) * 1000).toISOString(), contactId: contacts[n % 50]! });
            return { id: s.id, sendAt: s.sendAt, body: s.body };
          }),
        )),
      );
    }
    const queued = await runTick(new Date());
    expect(queued.schedulesQueued).toBeGreaterThanOrEqual(500);
    // Jobs delivered twice: the same 150 jobs queued again.
    await enqueueBatch(QUEUE.scheduleSends, made.slice(0, 150).map((s) => ({ body: { companyId, scheduleId: s.id, sendAt: s.sendAt } })));
    await until('500 schedules ENVIADA', async () => (await queryPartition(`C#${companyId}#SCHEDULES`)).filter((s) => s.body.startsWith('Lote mensagem') && s.status === 'ENVIADA').length === 500, 120_000, 500);
    await queueIdle();
    const bodies = (await Promise.all((await queryPartition(`C#${companyId}#TICKETS`)).map((t) => sentBodies(Number(t.id))))).flat().filter((b) => b.startsWith('Lote mensagem'));
    expect(bodies).toHaveLength(500);
    expect(new Set(bodies).size).toBe(500);
    const phone = await until('the phone to have the 500', async () => {
      const got = (await outbox()).filter((i) => i.body.startsWith('Lote mensagem'));
      return got.length >= 500 && got;
    }, 60_000, 500);
    expect(phone).toHaveLength(500);
    expect(new Set(phone.map((i) => i.body)).size).toBe(500);
  }, 240_000);

  it('a send that fails is ERRO with the reason: the connection it names was deleted', async () => {
    const other = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Extra', channel: 'sandbox' } });
    expect(other.status).toBe(201);
    const made = await admin.call('POST', '/schedules', { body: { body: 'Vai falhar sem conexão', sendAt: new Date(Date.now() + 60_000).toISOString(), contactId, whatsappId: other.body.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await admin.call('DELETE', `/whatsapp/${other.body.id}`)).status).toBeLessThan(300);
    await runTick(new Date(Date.now() + 120_000));
    await until('ERRO', async () => (await status(made.body.id)) === 'ERRO', 30_000);
    const got = await admin.call('GET', `/schedules/${made.body.id}`);
    expect(got.body).toMatchObject({ status: 'ERRO', error: 'ERR_NO_WAPP_FOUND', sentAt: null });
    expect((await outbox()).some((i) => i.body === 'Vai falhar sem conexão')).toBe(false);
    // Fixed (the company's default connection instead, now), it is pending again and goes out at once.
    const fixed = await admin.call('PUT', `/schedules/${made.body.id}`, { body: { whatsappId: null, sendAt: new Date().toISOString() } });
    expect(fixed.body).toMatchObject({ status: 'PENDENTE', error: null, whatsappId: null });
    await runTick(new Date(Date.now() + 180_000));
    await until('ENVIADA', async () => (await status(made.body.id)) === 'ENVIADA', 30_000);
    await until('the phone to receive it', async () => (await outbox()).filter((i) => i.body === 'Vai falhar sem conexão').length === 1);
  });

  it('a schedule missed while the tick did not run goes out once at the next tick; a recurring one plans its next run', async () => {
    const now = Date.now();
    // The last tick ran 15 minutes ago; the schedule was due 10 minutes ago.
    await cursorAt(new Date(now - 15 * 60_000));
    const made = await admin.call('POST', '/schedules', { body: { body: 'Mensagem perdida na queda', sendAt: new Date(now - 10 * 60_000).toISOString(), contactId, daysR: 7 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Nothing queued it: its minute was never read.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await status(made.body.id)).toBe('PENDENTE');
    await runTick(new Date(now));
    await until('ENVIADA', async () => (await status(made.body.id)) === 'ENVIADA', 30_000);
    await runTick(new Date(now + 60_000));
    await queueIdle();
    expect((await sentBodies(ticketId)).filter((b) => b === 'Mensagem perdida na queda')).toHaveLength(1);
    await until('the phone to receive it once', async () => (await outbox()).filter((i) => i.body === 'Mensagem perdida na queda').length === 1);
    const list = await admin.call('GET', `/schedules?contactId=${contactId}&searchParam=${encodeURIComponent('perdida')}`);
    const next = list.body.schedules.find((s: { status: string }) => s.status === 'PENDENTE');
    expect(next).toMatchObject({ body: 'Mensagem perdida na queda', daysR: 7, contactId });
    expect(Date.parse(next.sendAt) - Date.parse(made.body.sendAt)).toBe(7 * 86_400_000);
  });

  it('a pending schedule in a minute the tick already read (its queueing lost) is queued by the next tick from the re-read window', async () => {
    const now = Date.now();
    await cursorAt(new Date(now));
    const at = new Date(now - 60_000).toISOString();
    // Stored without being queued, as if the writer's queueing had failed.
    const id = await nextId(companyId, 'schedule');
    await insertSchedule({ id, companyId, body: 'Mensagem sem fila', sendAt: at, sentAt: null, status: 'PENDENTE', error: null, contactId, contactName: 'Cliente Agenda', userId: null, whatsappId: null, daysR: 0, campId: null, mediaKey: null, mediaName: null, mimetype: null, searchText: 'mensagem sem fila', createdAt: at, updatedAt: at });
    await runTick(new Date(now + 60_000));
    await until('ENVIADA', async () => (await status(id)) === 'ENVIADA', 30_000);
    await runTick(new Date(now + 120_000));
    await queueIdle();
    expect((await sentBodies(ticketId)).filter((b) => b === 'Mensagem sem fila')).toHaveLength(1);
  });

  it("the dialog's rules: body at least 5, sendAt required, contactId required, the company's contact, the spec's file types checked by content", async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const short = await admin.call('POST', '/schedules', { body: { body: 'oi', sendAt: at, contactId } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Mensagem muito curta');
    const noTime = await admin.call('POST', '/schedules', { body: { body: 'Mensagem válida', sendAt: '', contactId } });
    expect(noTime.status).toBe(400);
    expect(JSON.stringify(noTime.body)).toContain('Obrigatório');
    expect((await admin.call('POST', '/schedules', { body: { body: 'Mensagem válida', sendAt: at } })).status).toBe(400);
    const unknown = await admin.call('POST', '/schedules', { body: { body: 'Mensagem válida', sendAt: at, contactId: 999_999 } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    // A PDF is not among the spec's types; a text file declared as PNG is refused by its content.
    const pdf = await uploadFile(admin, 'doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4\nxx'));
    const badType = await admin.call('POST', '/schedules', { body: { body: 'Mensagem válida', sendAt: at, contactId, media: { key: pdf, filename: 'doc.pdf', mimetype: 'application/pdf' } } });
    expect(badType).toMatchObject({ status: 400, body: { error: 'ERR_UPLOAD_TYPE_NOT_ALLOWED' } });
    const fake = await uploadFile(admin, 'falsa.png', 'image/png', Buffer.from('isto não é uma imagem'));
    const mismatch = await admin.call('POST', '/schedules', { body: { body: 'Mensagem válida', sendAt: at, contactId, media: { key: fake, filename: 'falsa.png', mimetype: 'image/png' } } });
    expect(mismatch.body.error).toBe('ERR_UPLOAD_TYPE_MISMATCH');
    // A real PNG is attached, then removed.
    const png = await uploadFile(admin, 'foto.png', 'image/png', TINY_PNG);
    const made = await admin.call('POST', '/schedules', { body: { body: 'Mensagem com foto', sendAt: at, contactId } });
    const attached = await admin.call('POST', `/schedules/${made.body.id}/media-upload`, { body: { key: png, filename: 'foto.png', mimetype: 'image/png' } });
    expect(attached.body).toMatchObject({ mediaName: 'foto.png', mimetype: 'image/png' });
    expect((await admin.call('DELETE', `/schedules/${made.body.id}/media-upload`)).body).toMatchObject({ mediaName: null });
    expect((await admin.call('DELETE', `/schedules/${made.body.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/schedules/${made.body.id}`)).body.error).toBe('ERR_NO_SCHEDULE_FOUND');
  });

  it('a plan without useSchedules cannot reach the routes', async () => {
    const name = unique('semagenda');
    await putPlan({ ...SEED_PLANS[1]!, id: 100 + Math.floor(Math.random() * 1_000_000), name, useSchedules: false });
    const other = await newCompany(name);
    const res = await other.admin.call('GET', '/schedules');
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });
});
