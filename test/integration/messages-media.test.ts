/**
 * Media limits (spec 1 §5, §9: 20 MB; DESIGN.md "Media"): POST /messages/upload hands out a
 * presigned PUT for allowed types only; a send names an uploaded key of the caller's company
 * that exists and is within 20 MB; the local S3 answers the SPA origin's CORS preflight.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../shared/src/constants';
import { baseUrl, newCompany } from '../support/api';
import { tenantWithAgent } from '../support/tenants';

let co: Awaited<ReturnType<typeof tenantWithAgent>>;

beforeAll(async () => {
  co = await tenantWithAgent();
});

describe('uploads', () => {
  it('hands out a presigned PUT for images, audio, video, PDF, office files, text, CSV and zip; refuses other types and sizes over 20 MB', async () => {
    const { admin, tenant } = co;
    for (const mimetype of ['image/jpeg', 'audio/ogg', 'video/mp4', 'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel', 'application/msword', 'text/plain', 'text/csv', 'application/zip']) {
      const res = await admin.call('POST', '/messages/upload', { body: { filename: 'arquivo', mimetype, size: 1000 } });
      expect(res.status, `${mimetype}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.key.startsWith(`companies/${tenant.companyId}/uploads/`)).toBe(true);
      expect(res.body.headers).toEqual({ 'content-type': mimetype });
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);
      expect(new URL(res.body.url).pathname).toContain(res.body.key);
    }
    for (const mimetype of ['application/x-msdownload', 'image/svg+xml', 'text/html', 'application/javascript']) {
      const res = await admin.call('POST', '/messages/upload', { body: { filename: 'x', mimetype, size: 1000 } });
      expect(res.status, mimetype).toBe(400);
      expect(res.body.error, mimetype).toBe('ERR_UPLOAD_TYPE_NOT_ALLOWED');
    }
    const big = await admin.call('POST', '/messages/upload', { body: { filename: 'grande.mp4', mimetype: 'video/mp4', size: UPLOAD_LIMIT_BYTES + 1 } });
    expect(big.body.error).toBe('ERR_VALIDATION');
    // A path in the file name never leaves the upload folder.
    const sneaky = await admin.call('POST', '/messages/upload', { body: { filename: '../../outra/ação.png', mimetype: 'image/png', size: 10 } });
    expect(sneaky.body.key).toMatch(new RegExp(`^companies/${tenant.companyId}/uploads/[0-9a-f-]{36}/acao\\.png$`));
  });

  it('the local S3 accepts the browser PUT from the app origin (CORS preflight) and not from others', async () => {
    const { admin } = co;
    const up = await admin.call('POST', '/messages/upload', { body: { filename: 'a.png', mimetype: 'image/png', size: 4 } });
    const preflight = (origin: string) => fetch(up.body.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    // Vite's dev server (web/vite.config.ts, port 5173) proxies to the stack: its origin may upload too.
    expect((await preflight('http://localhost:5173')).status).toBe(200);
    const ok = await preflight(new URL(baseUrl()).origin);
    expect(ok.status).toBe(200);
    // s3rver answers `*` once a rule matches the origin (S3 echoes the origin); the rule is what matters.
    expect(ok.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/(localhost|127\.0\.0\.1):\d+)$/);
    expect(ok.headers.get('access-control-allow-methods') ?? '').toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type');
    const evil = await preflight('http://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a send names an uploaded file of its own company that exists, of an allowed type, within 20 MB', async () => {
    const { admin, tenant } = co;
    const send = (media: Record<string, string>) => admin.call('POST', `/messages/${tenant.ticketId}`, { body: { body: 'arquivo', media } });

    const missing = await send({ key: `companies/${tenant.companyId}/uploads/00000000-0000-0000-0000-000000000000/nada.pdf`, filename: 'nada.pdf', mimetype: 'application/pdf' });
    expect(missing.body.error).toBe('ERR_NO_MEDIA_FOUND');

    const b = await newCompany();
    const theirs = await b.admin.call('POST', '/messages/upload', { body: { filename: 'b.pdf', mimetype: 'application/pdf', size: 5 } });
    await fetch(theirs.body.url, { method: 'PUT', headers: theirs.body.headers, body: Buffer.from('%PDF-') });
    const foreign = await send({ key: theirs.body.key, filename: 'b.pdf', mimetype: 'application/pdf' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('ERR_NO_PERMISSION');
    // Received media of the company is not an upload either: only uploads are attached by key.
    expect((await send({ key: `companies/${tenant.companyId}/media/${tenant.whatsappId}/x`, filename: 'x', mimetype: 'image/png' })).body.error).toBe('ERR_NO_PERMISSION');

    const up = await admin.call('POST', '/messages/upload', { body: { filename: 'ok.png', mimetype: 'image/png', size: 8 } });
    await fetch(up.body.url, { method: 'PUT', headers: up.body.headers, body: Buffer.from('89504e470d0a1a0a', 'hex') });
    expect((await send({ key: up.body.key, filename: 'ok.exe', mimetype: 'application/x-msdownload' })).body.error).toBe('ERR_UPLOAD_TYPE_NOT_ALLOWED');
    // The type stored with the file (signed into its upload URL) wins over the one the send names.
    const fine = await send({ key: up.body.key, filename: 'ok.png', mimetype: 'application/pdf' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect(fine.body).toMatchObject({ mediaType: 'image', mimetype: 'image/png', filename: 'ok.png' });

    // The presigned URL cannot stop a client from PUTting more than it declared: the send checks the stored size.
    const liar = await admin.call('POST', '/messages/upload', { body: { filename: 'video.mp4', mimetype: 'video/mp4', size: 1000 } });
    const put = await fetch(liar.body.url, { method: 'PUT', headers: liar.body.headers, body: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1) });
    expect(put.status).toBe(200);
    const tooBig = await send({ key: liar.body.key, filename: 'video.mp4', mimetype: 'video/mp4' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('ERR_MEDIA_TOO_LARGE');

    // The bytes must be of the declared type: a Windows program uploaded as an image is refused, nothing is sent.
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const exe = await admin.call('POST', '/messages/upload', { body: { filename: 'foto.png', mimetype: 'image/png', size: program.length } });
    await fetch(exe.body.url, { method: 'PUT', headers: exe.body.headers, body: program });
    const disguised = await send({ key: exe.body.key, filename: 'foto.png', mimetype: 'image/png' });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error).toBe('ERR_UPLOAD_TYPE_MISMATCH');
    // The same for every route that takes an upload: a quick reply's file, a chatbot option's file.
    expect((await admin.call('POST', '/quick-messages', { body: { shortcode: `exe${Date.now()}`, message: 'x', mediaKey: exe.body.key, mediaName: 'foto.png' } })).body.error).toBe('ERR_UPLOAD_TYPE_MISMATCH');
    expect((await admin.call('POST', `/queue-options/${tenant.chatbotId}/file`, { body: { mediaKey: exe.body.key, mediaName: 'foto.png' } })).body.error).toBe('ERR_UPLOAD_TYPE_MISMATCH');
    const page = await admin.call('GET', `/messages/${tenant.ticketId}`);
    expect(page.body.messages.some((m: { mediaUrl: string | null }) => m.mediaUrl?.includes(exe.body.key.split('/')[3]))).toBe(false);
  }, 60_000);
});
