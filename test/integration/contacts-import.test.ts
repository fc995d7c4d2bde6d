/**
 * Contact import through the real path: presigned upload (POST /messages/upload), POST
 * /contacts/upload, the contacts-import queue and worker, progress read while it runs. A
 * 500-row spreadsheet written here with exceljs holds invalid and duplicate rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { getJob, putJob } from '../../functions/src/adapters/db/import-jobs';
import { CHUNK, runImport } from '../../functions/src/domain/contacts/import-contacts';
import type { Client } from '../support/api';
import { until } from '../support/sandbox';
import { tenantWithAgent } from '../support/tenants';
import { zipOf } from '../../functions/src/lib/zip-size.fixture';
import { baseUrl } from '../support/api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let c: Awaited<ReturnType<typeof tenantWithAgent>>;

async function upload(cl: Client, filename: string, mimetype: string, bytes: Buffer): Promise<string> {
  const ticket = await cl.call('POST', '/messages/upload', { body: { filename, mimetype, size: bytes.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: bytes });
  expect(put.status).toBeLessThan(300);
  return ticket.body.key;
}

type Progress = { jobId: string; total: number; done: number; created: number; skipped: number; errors: { row: number; error: string }[]; finished: boolean; failure?: string };

/** Polls the job until it finishes; answers every state seen on the way. */
async function follow(cl: Client, jobId: string): Promise<Progress[]> {
  const seen: Progress[] = [];
  await until('the import to finish', async () => {
    const res = await cl.call('GET', `/contacts/upload/${jobId}`);
    expect(res.status).toBe(200);
    seen.push(res.body);
    return res.body.finished;
  }, 60_000, 10);
  return seen;
}

/**
 * 500 data rows (sheet rows 2–501): row r has number 552198<r padded>, except
 *  - every 50th: name 'A' (too short)          - every 70th: number '12-34' (too short)
 *  - every 90th: e-mail 'not-an-email'          - every 40th: the number of the row before (duplicate)
 *  - row 333: the row 301 number without its ninth digit; row 444: the tenant's customer, 5511900001111, formatted.
 */
function rows(): { name: string; number: string | number; email: string }[] {
  const num = (r: number) => `5521998${String(r).padStart(6, '0')}`;
  const out = [];
  for (let r = 2; r <= 501; r++) {
    let name = `Importado ${r}`;
    let number: string | number = r % 2 ? num(r) : Number(num(r)); // numbers typed as text and as numbers
    let email = r % 3 ? `i${r}@example.test` : '';
    if (r % 50 === 0) name = 'A';
    else if (r % 70 === 0) number = '12-34';
    else if (r % 90 === 0) email = 'not-an-email';
    else if (r % 40 === 0) number = num(r - 1);
    else if (r === 333) number = num(301).slice(0, 4) + num(301).slice(5);
    else if (r === 444) number = '+55 11 90000-1111';
    out.push({ name, number, email });
  }
  return out;
}

function expected(): { errors: Map<number, string>; created: number } {
  const errors = new Map<number, string>();
  for (let r = 2; r <= 501; r++) {
    if (r % 50 === 0) errors.set(r, 'name: Too Short!');
    else if (r % 70 === 0) errors.set(r, 'number: Too Short!');
    else if (r % 90 === 0) errors.set(r, 'email: Invalid email');
    else if (r % 40 === 0) errors.set(r, 'ERR_DUPLICATED_CONTACT');
    else if (r === 333) errors.set(r, 'ERR_DUPLICATED_CONTACT_NINTH');
    else if (r === 444) errors.set(r, 'ERR_DUPLICATED_CONTACT');
  }
  // The rows a duplicate repeats (odd: never hit by the rules above) were created.
  return { errors, created: 500 - errors.size };
}

beforeAll(async () => {
  c = await tenantWithAgent();
});

describe('contact import', () => {
  let key = '';
  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    ws.addRow(['Nome', 'TELEFONE', 'E-mail']);
    for (const r of rows()) ws.addRow([r.name, r.number, r.email]);
    key = await upload(c.admin, 'contatos.xlsx', XLSX, Buffer.from(await wb.xlsx.writeBuffer()));
  });

  it('imports 500 rows with progress, counting invalid and duplicate rows by row number', async () => {
    const before = (await c.admin.call('GET', '/contacts?limit=1')).body.count;
    const start = await c.admin.call('POST', '/contacts/upload', { body: { key } });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    expect(start.body).toMatchObject({ total: 0, done: 0, finished: false, errors: [] });
    const seen = await follow(c.admin, start.body.jobId);
    const last = seen[seen.length - 1]!;
    const want = expected();
    expect(last).toMatchObject({ total: 500, done: 500, created: want.created, skipped: want.errors.size, finished: true });
    expect(new Map(last.errors.map((e) => [e.row, e.error]))).toEqual(want.errors);
    // Progress moved in steps that never went back.
    const dones = seen.map((s) => s.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.some((d) => d > 0 && d < 500), `progress seen: ${dones.join(',')}`).toBe(true);
    expect((await c.admin.call('GET', '/contacts?limit=1')).body.count).toBe(before + want.created);
    const one = await c.admin.call('GET', '/contacts?searchParam=5521998000124'); // typed as a number in the sheet
    expect(one.body.contacts).toMatchObject([{ name: 'Importado 124', number: '5521998000124', email: 'i124@example.test' }]);
  });

  it('a second run of the same file creates nothing', async () => {
    const before = (await c.admin.call('GET', '/contacts?limit=1')).body.count;
    const start = await c.admin.call('POST', '/contacts/upload', { body: { key } });
    const last = (await follow(c.admin, start.body.jobId)).pop()!;
    expect(last).toMatchObject({ total: 500, done: 500, created: 0, skipped: 500, finished: true });
    expect((await c.admin.call('GET', '/contacts?limit=1')).body.count).toBe(before);
  });

  it('reads csv files; a file without a number column fails as a whole', async () => {
    const csv = '\uFEFFnome;numero;email\n"Csv; Um";5521977770001;csv1@example.test\nCsv Dois;5521977770002;\n';
    const ok = await c.admin.call('POST', '/contacts/upload', { body: { key: await upload(c.admin, 'contatos.csv', 'text/csv', Buffer.from(csv)) } });
    expect((await follow(c.admin, ok.body.jobId)).pop()).toMatchObject({ total: 2, created: 2, skipped: 0, finished: true });
    expect((await c.admin.call('GET', '/contacts?searchParam=5521977770001')).body.contacts[0].name).toBe('Csv; Um');
    const bad = await c.admin.call('POST', '/contacts/upload', { body: { key: await upload(c.admin, 'sem-numero.csv', 'text/csv', Buffer.from('nome;email\nAna;a@example.test\n')) } });
    expect((await follow(c.admin, bad.body.jobId)).pop()).toMatchObject({ finished: true, created: 0, failure: 'ERR_IMPORT_NO_NUMBER_COLUMN' });
  });

  it('refuses legacy .xls, keys of other companies, missing files and agents', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const xls = await c.admin.call('POST', '/contacts/upload', { body: { key: await upload(c.admin, 'antigo.xls', 'application/vnd.ms-excel', ole) } });
    expect([xls.status, xls.body.error]).toEqual([400, 'ERR_IMPORT_FILE_FORMAT']);
    const other = await tenantWithAgent();
    const theirs = await c.admin.call('POST', '/contacts/upload', { body: { key: await upload(other.admin, 'deles.csv', 'text/csv', Buffer.from('numero\n5521977770009\n')) } });
    expect([theirs.status, theirs.body.error]).toEqual([404, 'ERR_IMPORT_FILE_NOT_FOUND']);
    const missing = await c.admin.call('POST', '/contacts/upload', { body: { key: `companies/${c.tenant.companyId}/uploads/nada/x.xlsx` } });
    expect(missing.body.error).toBe('ERR_IMPORT_FILE_NOT_FOUND');
    expect((await c.agent.call('POST', '/contacts/upload', { body: { key } })).body.error).toBe('ERR_NO_PERMISSION');
    const job = await c.admin.call('POST', '/contacts/upload', { body: { key } });
    expect((await other.admin.call('GET', `/contacts/upload/${job.body.jobId}`)).body.error).toBe('ERR_NO_IMPORT_FOUND');
    await follow(c.admin, job.body.jobId);
  });

  it('works in time slices, and a redelivery after a crash counts the rows it had created as created', async () => {
    const t = await tenantWithAgent();
    const csv = ['numero;nome', ...Array.from({ length: 60 }, (_, i) => `55319${String(88000000 + i)};Fatia ${i}`)].join('\n');
    const k = await upload(t.admin, 'fatias.csv', 'text/csv', Buffer.from(csv));
    const cid = t.tenant.companyId;
    const jobId = randomUUID();
    const now = new Date().toISOString();
    await putJob({ jobId, companyId: cid, userId: t.tenant.adminId, key: k, format: 'csv', total: 0, done: 0, created: 0, skipped: 0, errors: [], finished: false, createdAt: now, updatedAt: now });
    // No time left: one chunk, then the worker must queue the job again.
    expect(await runImport(cid, jobId, () => 0)).toBe('continue');
    expect(await getJob(cid, jobId)).toMatchObject({ total: 60, done: CHUNK, created: CHUNK, finished: false });
    // A crash after the writes of the next chunk but before its progress save: replayed from the saved point.
    expect(await runImport(cid, jobId, () => 0)).toBe('continue');
    await db().send(new UpdateCommand({ TableName: table(), Key: { PK: `C#${cid}#IMPORTS`, SK: jobId }, UpdateExpression: 'SET #d = :d, created = :c', ExpressionAttributeNames: { '#d': 'done' }, ExpressionAttributeValues: { ':d': CHUNK, ':c': CHUNK } }));
    // Two deliveries at once: one goes on, the other stops at the progress condition.
    const outcomes = await Promise.all([runImport(cid, jobId, () => 1e9), runImport(cid, jobId, () => 1e9)]);
    expect(outcomes.sort()).toEqual(['finished', 'gone']);
    expect(await getJob(cid, jobId)).toMatchObject({ total: 60, done: 60, created: 60, skipped: 0, errors: [], finished: true });
    expect((await t.admin.call('GET', '/contacts?limit=1')).body.count).toBe(61);
    expect(await runImport(cid, jobId, () => 1e9)).toBe('gone');
  });

  it('refuses what is too large to import: a zip that unpacks past 64 MB at once, more than 50,000 rows as the failure of its job, the API answering meanwhile', async () => {
    const t = await tenantWithAgent();
    // 80 MB of sheet XML in a ~80 KB file: measured from its central directory, never inflated.
    const bomb = await upload(t.admin, 'bomba.xlsx', XLSX, zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20)));
    const refused = await t.admin.call('POST', '/contacts/upload', { body: { key: bomb } });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('ERR_IMPORT_TOO_LARGE');
    // A program named .csv is not a contacts file.
    const exe = await upload(t.admin, 'contatos.csv', 'text/csv', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0)]));
    expect((await t.admin.call('POST', '/contacts/upload', { body: { key: exe } })).body.error).toBe('ERR_IMPORT_FILE_FORMAT');

    // 200,000 rows (5 MB of csv): the job reads 50,001 and ends with the limit's code, creating nothing.
    const csv = ['nome;numero', ...Array.from({ length: 200_000 }, (_, i) => `P ${i};55419${String(10000000 + i)}`)].join('\n');
    const key = await upload(t.admin, 'enorme.csv', 'text/csv', Buffer.from(csv));
    const job = await t.admin.call('POST', '/contacts/upload', { body: { key } });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    let slowestHealth = 0;
    const seen = await until('the import to fail', async () => {
      const t0 = performance.now();
      expect((await fetch(`${baseUrl()}/api/health`)).status).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - t0);
      const p = (await t.admin.call('GET', `/contacts/upload/${job.body.jobId}`)).body;
      return p.finished ? p : undefined;
    }, 60_000, 50);
    expect(seen).toMatchObject({ finished: true, failure: 'ERR_IMPORT_TOO_MANY_ROWS', created: 0 });
    expect((await t.admin.call('GET', '/contacts?limit=1')).body.count).toBe(1);
    console.log(`import past the row limit: slowest /api/health meanwhile ${slowestHealth.toFixed(0)} ms`);
  }, 90_000);
});
