/**
 * Contact lists and their items through the API (issue 22, spec 3 §3, §5, §6, §7 "Contact lists"):
 * CRUD, the contacts count kept by the items' writes, the validation messages, the delete
 * permission, the live events, the WhatsApp-valid answer (asked of the paired sandbox session, its
 * own rule, in batches after an import), a spreadsheet
 * import with bad rows (reported by sheet row, the rest imported), a file that is not a
 * spreadsheet, another company's list, and the plan flag.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PLANS } from '../../shared/src/plans';
import { putPlan } from '../../functions/src/adapters/db/plans';
import { insertItem, itemsPartition } from '../../functions/src/adapters/db/contact-lists';
import { nextIds } from '../../functions/src/adapters/db/counters';
import { PURGE_INLINE } from '../../functions/src/domain/contact-lists/manage-contact-lists';
import { requestNumberCheck } from '../../functions/src/domain/contact-lists/whatsapp-valid';
import { getCheck } from '../../functions/src/adapters/db/number-checks';
import { CHECK_GAP_MS } from '../../session-host/src/commands';
import { queryPartition } from '../support/db';
import { newCompany, signedIn, unique, PASSWORD, type Client } from '../support/api';
import { openSocket } from '../support/socket';
import { pairSandbox, until } from '../support/sandbox';
import { TINY_PNG, uploadFile } from '../support/tenants';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const issues = (res: { body: { issues?: { path: string; message: string }[] } }) => res.body.issues?.map((i) => `${i.path}: ${i.message}`) ?? [];

let admin: Client;
let agent: Client;
let companyId: number;
let socket: Awaited<ReturnType<typeof openSocket>>;

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  const email = `${unique('agente')}@example.test`;
  expect((await admin.call('POST', '/users', { body: { name: 'Agente Listas', email, password: PASSWORD } })).status).toBe(201);
  agent = await signedIn(email);
  socket = await openSocket(admin.token!);
}, 60_000);

afterAll(() => socket?.close());

const listOf = async (id: number) => (await admin.call('GET', `/contact-lists/${id}`)).body;

describe('contact lists', () => {
  it('validates the list name: Required, Too Short!, Too Long!', async () => {
    expect(issues(await admin.call('POST', '/contact-lists', { body: {} }))).toContain('body.name: Required');
    expect(issues(await admin.call('POST', '/contact-lists', { body: { name: '  ' } }))).toContain('body.name: Required');
    expect(issues(await admin.call('POST', '/contact-lists', { body: { name: 'A' } }))).toContain('body.name: Too Short!');
    expect(issues(await admin.call('POST', '/contact-lists', { body: { name: 'x'.repeat(51) } }))).toContain('body.name: Too Long!');
  });

  it('creates, finds, searches, renames and pages lists; events on the ContactList channel', async () => {
    const made = await admin.call('POST', '/contact-lists', { body: { name: 'Clientes São Paulo' } });
    expect(made).toMatchObject({ status: 201, body: { name: 'Clientes São Paulo', contactsCount: 0 } });
    const ev = await socket.waitFor((e) => e.channel === `company-${companyId}-ContactList` && e.data.action === 'create' && (e.data.record as { id: number }).id === made.body.id);
    expect(ev.data.record).toMatchObject({ name: 'Clientes São Paulo', contactsCount: 0 });
    for (let i = 0; i < 21; i++) expect((await admin.call('POST', '/contact-lists', { body: { name: `Lista ${i}` } })).status).toBe(201);
    const first = await admin.call('GET', '/contact-lists');
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await admin.call('GET', '/contact-lists?pageNumber=2');
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records).toHaveLength(2);
    const byCursor = await admin.call('GET', `/contact-lists?cursor=${first.body.cursor}`);
    expect(byCursor.body.records.map((r: { id: number }) => r.id)).toEqual(second.body.records.map((r: { id: number }) => r.id));
    const found = await admin.call('GET', '/contact-lists?searchParam=sao paulo');
    expect(found.body.records.map((r: { id: number }) => r.id)).toEqual([made.body.id]);
    const renamed = await admin.call('PUT', `/contact-lists/${made.body.id}`, { body: { name: 'Clientes SP' } });
    expect(renamed.body).toMatchObject({ id: made.body.id, name: 'Clientes SP' });
    const all = await admin.call('GET', '/contact-lists/list');
    expect(all.body.length).toBe(22);
    expect((await admin.call('GET', '/contact-lists/999999')).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
  });

  it('items: validation, counts kept by the writes, a number once a list, WhatsApp-valid, edit, delete by permission', async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Itens' } })).body;
    const add = (body: Record<string, unknown>) => admin.call('POST', '/contact-list-items', { body: { contactListId: list.id, ...body } });
    expect(issues(await add({ number: '5511999990001' }))).toContain('body.name: Required');
    expect(issues(await add({ name: 'A', number: '5511999990001' }))).toContain('body.name: Too Short!');
    expect(issues(await add({ name: 'Maria', number: '1234-567' }))).toContain('body.number: Too Short!');
    expect(issues(await add({ name: 'Maria', number: '5511999990001', email: 'maria@' }))).toContain('body.email: Invalid email');
    // No session to ask yet: unknown.
    const maria = await add({ name: 'Maria', number: '+55 (11) 99999-0001', email: 'maria@example.test', empresa: 'Loja da Maria' });
    expect(maria).toMatchObject({ status: 201, body: { number: '5511999990001', empresa: 'Loja da Maria', isWhatsappValid: null, contactListId: list.id, companyId } });
    expect((await add({ name: 'Maria de novo', number: '5511999990001' })).body.error).toBe('ERR_CONTACT_LIST_ITEM_DUPLICATED');
    // A sandbox connection that is not paired cannot answer either: the numbers wait for it.
    const sandbox = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Listas', channel: 'sandbox' } })).body;
    const joao = await add({ name: 'João', number: '5521988880002' });
    const nobody = await add({ name: 'Sem conta', number: '5521988880000' });
    expect([joao.body.isWhatsappValid, nobody.body.isWhatsappValid]).toEqual([null, null]);
    expect((await listOf(list.id)).contactsCount).toBe(3);
    const live = await socket.waitFor((e) => e.channel === `company-${companyId}-ContactListItem` && e.data.action === 'create' && (e.data.record as { id: number }).id === nobody.body.id);
    expect(live.data.contactListId).toBe(list.id);
    // Paired, the session answers with the sandbox's rule (a number ending in 000 has no account), live.
    await pairSandbox(admin, sandbox.id);
    type Row = { id: number; number: string; isWhatsappValid: boolean | null };
    const answered = (id: number, number?: string) =>
      socket.waitFor((e) => e.channel === `company-${companyId}-ContactListItem` && e.data.action === 'update' && (e.data.record as Row).id === id && (e.data.record as Row).isWhatsappValid !== null && (!number || (e.data.record as Row).number === number), 20_000);
    expect((await answered(nobody.body.id)).data.record).toMatchObject({ isWhatsappValid: false });
    expect((await answered(joao.body.id)).data.record).toMatchObject({ isWhatsappValid: true });
    expect((await admin.call('GET', `/contact-list-items/${maria.body.id}`)).body.isWhatsappValid).toBe(true);

    const page = await admin.call('GET', `/contact-list-items?contactListId=${list.id}`);
    expect(page.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Maria', 'João', 'Sem conta']);
    expect((await admin.call('GET', `/contact-list-items?contactListId=${list.id}&searchParam=joao`)).body.contacts.map((c: { id: number }) => c.id)).toEqual([joao.body.id]);

    // A new number is unknown again until the session answers; a new item is asked about at once.
    const edited = await admin.call('PUT', `/contact-list-items/${nobody.body.id}`, { body: { number: '5521988880003', name: 'Com conta' } });
    expect(edited.body).toMatchObject({ name: 'Com conta', number: '5521988880003', isWhatsappValid: null });
    expect((await answered(nobody.body.id, '5521988880003')).data.record).toMatchObject({ isWhatsappValid: true });
    // The old number is free again, the new one taken.
    expect((await add({ name: 'Outro', number: '5521988880000' })).status).toBe(201);
    expect((await add({ name: 'Outro', number: '5521988880003' })).body.error).toBe('ERR_CONTACT_LIST_ITEM_DUPLICATED');
    expect((await listOf(list.id)).contactsCount).toBe(4);

    expect((await agent.call('GET', `/contact-list-items/${joao.body.id}`)).status).toBe(200);
    expect((await agent.call('DELETE', `/contact-list-items/${joao.body.id}`)).status).toBe(403);
    expect((await admin.call('DELETE', `/contact-list-items/${joao.body.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/contact-list-items/${joao.body.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    expect((await listOf(list.id)).contactsCount).toBe(3);
    await socket.waitFor((e) => e.channel === `company-${companyId}-ContactListItem` && e.data.action === 'delete' && e.data.id === joao.body.id);

    // Deleting the list takes its items with it.
    expect((await admin.call('DELETE', `/contact-lists/${list.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/contact-list-items?contactListId=${list.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    expect((await admin.call('GET', `/contact-list-items/${maria.body.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    expect((await add({ name: 'Tarde', number: '5511999990009' })).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    await socket.waitFor((e) => e.channel === `company-${companyId}-ContactList` && e.data.action === 'delete' && e.data.id === list.id);
  });

  it('imports an .xlsx with Portuguese headers: bad rows reported by line, the rest imported, the count live', async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Importada' } })).body;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['Nome', 'Telefone', 'E-mail', 'Empresa']);
    ws.addRow(['Ana Lima', 5511970000001, 'ana@example.test', 'ACME']); // row 2
    ws.addRow(['B', '5511970000002', '', '']); // row 3: name too short
    ws.addRow(['Carla', '5511970000003', 'carla@', '']); // row 4: bad e-mail
    ws.addRow(['Davi', '5511970000001', '', '']); // row 5: Ana's number again
    for (let i = 0; i < 40; i++) ws.addRow([`Pessoa ${i}`, `55119710${String(i).padStart(5, '0')}`, '', 'Loja']);
    const key = await uploadFile(admin, 'lista.xlsx', XLSX, Buffer.from(await wb.xlsx.writeBuffer()));

    const started = await admin.call('POST', `/contact-lists/${list.id}/upload`, { body: { key } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await until('the list import to finish', async () => {
      const p = await admin.call('GET', `/contact-lists/${list.id}/upload/${started.body.jobId}`);
      expect(p.status).toBe(200);
      return p.body.finished ? p.body : undefined;
    }, 60_000, 100);
    expect(done).toMatchObject({ total: 44, done: 44, created: 41, skipped: 3 });
    expect(done.errors).toEqual([
      { row: 3, error: 'name: Too Short!' },
      { row: 4, error: 'email: Invalid email' },
      { row: 5, error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED' },
    ]);
    expect((await listOf(list.id)).contactsCount).toBe(41);
    const first = (await admin.call('GET', `/contact-list-items?contactListId=${list.id}`)).body;
    expect(first.contacts[0]).toMatchObject({ name: 'Ana Lima', number: '5511970000001', email: 'ana@example.test', empresa: 'ACME' });
    expect(first.hasMore).toBe(true);
    // In the file's order (the rows of a chunk are written side by side).
    expect(first.contacts.map((c: { name: string }) => c.name)).toEqual(['Ana Lima', ...Array.from({ length: 19 }, (_, i) => `Pessoa ${i}`)]);
    // The list page saw the count move while the file was read.
    await socket.waitFor((e) => e.channel === `company-${companyId}-ContactList` && e.data.action === 'update' && (e.data.record as { id: number; contactsCount: number }).id === list.id && (e.data.record as { contactsCount: number }).contactsCount === 41);
    // Once read, its numbers are asked of the session: every one answered (Pessoa 0's ends in 000: no account).
    const checked = await until('the imported numbers to be checked', async () => {
      const rows = (await queryPartition(itemsPartition(companyId, list.id))).filter((r) => String(r.SK).startsWith('I#'));
      return rows.length === 41 && rows.every((r) => typeof r.isWhatsappValid === 'boolean') && rows;
    }, 30_000, 250);
    expect(checked.filter((r) => !r.isWhatsappValid).map((r) => r.number)).toEqual(['5511971000000']);
    // Another list's job is not this list's.
    const other = (await admin.call('POST', '/contact-lists', { body: { name: 'Outra' } })).body;
    expect((await admin.call('GET', `/contact-lists/${other.id}/upload/${started.body.jobId}`)).body.error).toBe('ERR_NO_IMPORT_FOUND');
  }, 90_000);

  it("checks a list's numbers through the session, 50 a command and paced; a number with no account is marked", async () => {
    // The sandbox paired by the items test answers (its rule: a number ending in 000 has no account).
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Verificada' } })).body;
    const n = 110;
    const first = await nextIds(companyId, 'contactListItem', n);
    const now = new Date().toISOString();
    const numberOf = (i: number) => `5511950${String(i % 10 === 9 ? i * 1000 : i + 1).padStart(6, '0')}`;
    await Promise.all(Array.from({ length: n }, (_, i) => insertItem({ id: first + i, companyId, contactListId: list.id, name: `Pessoa ${i}`, number: numberOf(i), email: '', empresa: '', isWhatsappValid: null, searchText: '', createdAt: now, updatedAt: now })));
    await requestNumberCheck(companyId, list.id);
    const answeredAt: number[] = [];
    const items = await until('every number to be checked', async () => {
      const rows = (await queryPartition(itemsPartition(companyId, list.id))).filter((r) => String(r.SK).startsWith('I#'));
      const done = rows.filter((r) => r.isWhatsappValid !== null && r.isWhatsappValid !== undefined).length;
      for (const batch of [50, 100, 110]) if (done >= batch && answeredAt.length < [50, 100, 110].indexOf(batch) + 1) answeredAt.push(Date.now());
      return done === n && rows;
    }, 40_000, 100);
    for (const r of items) expect(r.isWhatsappValid, String(r.number)).toBe(!String(r.number).endsWith('000'));
    expect(items.filter((r) => r.isWhatsappValid === false)).toHaveLength(11);
    // Three commands, one session: the second and third each waited the gap after the one before.
    expect(answeredAt[2]! - answeredAt[0]!).toBeGreaterThanOrEqual(2 * CHECK_GAP_MS - 1_000);
    // Nothing is left waiting: the last answer's step found no unknown number and ended the check.
    await until('the check to end', async () => (await getCheck(companyId, list.id)) === undefined, 5_000, 50);
  }, 60_000);

  it('deleting a big list goes at once; its items are purged in the background', async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Grande' } })).body;
    const n = PURGE_INLINE + 150;
    const first = await nextIds(companyId, 'contactListItem', n);
    const now = new Date().toISOString();
    for (let i = 0; i < n; i += 25) {
      await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => {
        const id = first + i + j;
        const number = `5511960${String(i + j).padStart(6, '0')}`;
        return insertItem({ id, companyId, contactListId: list.id, name: `Pessoa ${i + j}`, number, email: '', empresa: '', isWhatsappValid: null, searchText: '', createdAt: now, updatedAt: now });
      }));
    }
    expect((await listOf(list.id)).contactsCount).toBe(n);
    expect((await admin.call('DELETE', `/contact-lists/${list.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/contact-lists/${list.id}`)).body.error).toBe('ERR_NO_CONTACT_LIST_FOUND');
    // The request deleted the first PURGE_INLINE (items and number claims); the worker the rest.
    await until('the list partition to be purged', async () => (await queryPartition(itemsPartition(companyId, list.id))).length === 0, 30_000, 200);
  }, 90_000);

  it('refuses a file that is not a spreadsheet with a clear code', async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Foto' } })).body;
    const key = await uploadFile(admin, 'foto.png', 'image/png', TINY_PNG);
    const res = await admin.call('POST', `/contact-lists/${list.id}/upload`, { body: { key } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_IMPORT_FILE_FORMAT' } });
    expect((await listOf(list.id)).contactsCount).toBe(0);
  });

  it("another company's list and items are unreachable", async () => {
    const list = (await admin.call('POST', '/contact-lists', { body: { name: 'Privada' } })).body;
    const item = (await admin.call('POST', '/contact-list-items', { body: { contactListId: list.id, name: 'Segredo', number: '5511955550001' } })).body;
    const other = await newCompany();
    const key = await uploadFile(other.admin, 'contatos.csv', 'text/csv', Buffer.from('nome;numero\nIntrusa;5511955550002\n'));
    for (const [method, path, body] of [
      ['GET', `/contact-lists/${list.id}`],
      ['PUT', `/contact-lists/${list.id}`, { name: 'Invadida' }],
      ['DELETE', `/contact-lists/${list.id}`],
      ['GET', `/contact-list-items?contactListId=${list.id}`],
      ['POST', '/contact-list-items', { contactListId: list.id, name: 'Intrusa', number: '5511955550002', companyId }],
      ['GET', `/contact-list-items/${item.id}`],
      ['PUT', `/contact-list-items/${item.id}`, { name: 'Invadido' }],
      ['DELETE', `/contact-list-items/${item.id}`],
      ['POST', `/contact-lists/${list.id}/upload`, { key }],
    ] as const) {
      const res = await other.admin.call(method, path, body ? { body } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await listOf(list.id)).toMatchObject({ name: 'Privada', contactsCount: 1 });
    expect((await admin.call('GET', `/contact-list-items/${item.id}`)).body.name).toBe('Segredo');
  }, 60_000);

  it('a plan without useCampaigns cannot reach the routes', async () => {
    const name = unique('semcampanha');
    await putPlan({ ...SEED_PLANS[1]!, id: 100 + Math.floor(Math.random() * 1_000_000), name, useCampaigns: false });
    const other = await newCompany(name);
    expect(await other.admin.call('GET', '/contact-lists')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });
});
