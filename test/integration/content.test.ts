/**
 * Platform content (issue 20): branding uploads checked by content and size (spec 2 §5), the public
 * branding read, help entries and announcements (super only to write; every user of every company
 * reads; the drawer's order, unread marks and live events), the audit of each change, and the
 * company backup (the caller's company only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, PASSWORD, signedIn, unique, type Client } from '../support/api';
import { MP4_HEAD, pngOf, TINY_PDF } from '../support/files';
import { openSocket } from '../support/socket';
import { until } from '../support/sandbox';
import { tenantWithAgent, uploadFile } from '../support/tenants';

let sup: Client;
let other: Awaited<ReturnType<typeof tenantWithAgent>>;
let agentSocket: Awaited<ReturnType<typeof openSocket>>;

beforeAll(async () => {
  sup = await signedIn('admin@conversa.local');
  other = await tenantWithAgent();
  agentSocket = await openSocket(other.agent.token!);
}, 120_000);
afterAll(() => agentSocket?.close());

const supUpload = (name: string, type: string, bytes: Buffer) => uploadFile(sup, name, type, bytes);
const auditOf = async (resource: string) => (await sup.call('GET', `/audit?resource=${resource}`)).body.items as { action: string; targetId?: string; before?: Record<string, unknown>; after?: Record<string, unknown>; userName: string }[];

describe('branding uploads', () => {
  it('a 300×200 PNG becomes the login logo, served publicly, and the change is audited', async () => {
    const key = await supUpload('logo.png', 'image/png', pngOf(300, 200));
    const res = await sup.call('POST', '/settings/media-upload?ref=login', { body: { key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ mensagem: 'Arquivo Anexado' });
    const branding = await new (sup.constructor as typeof Client)().call('GET', '/branding');
    expect(branding.status).toBe(200);
    const url = branding.body.logos.login.url as string;
    const img = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(img.equals(pngOf(300, 200))).toBe(true);
    const entry = (await auditOf('branding')).find((e) => e.action === 'branding.logo' && e.targetId === 'login');
    // The entry keeps what changed: the size too, unless another test's login logo was 300×200 already.
    expect(entry?.after?.uploadedAt).toBeDefined();
    expect({ width: 300, height: 200, ...entry?.after }).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses by content and by size, whatever the name or declared type', async () => {
    const call = (ref: string, key: string) => sup.call('POST', `/settings/media-upload?ref=${ref}`, { body: { key } });
    // A JPEG declared as PNG; a PDF declared as PNG; a PNG of the wrong size for each destination.
    const jpeg = await supUpload('logo.png', 'image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]));
    expect((await call('login', jpeg)).body.error).toBe('ERR_BRANDING_NOT_PNG');
    const pdfAsPng = await supUpload('logo.png', 'application/pdf', TINY_PDF);
    const notPng = await call('interno', pdfAsPng);
    expect(notPng.status).toBe(400);
    expect(notPng.body.error).toBe('ERR_BRANDING_NOT_PNG');
    expect(notPng.body.message).toBe('Use somente arquivos em formato PNG!');
    const big = await supUpload('fav.png', 'image/png', pngOf(64, 64));
    const wrong = await call('favicon-32x32', big);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('ERR_BRANDING_WRONG_SIZE');
    expect(wrong.body.details).toEqual({ expected: { width: 32, height: 32 }, got: { width: 64, height: 64 } });
    for (const [ref, w, h] of [['favicon-32x32', 32, 32], ['favicon-256x256', 256, 256], ['apple-touch-icon', 180, 180]] as const) {
      expect((await call(ref, await supUpload('i.png', 'image/png', pngOf(w, h)))).status, ref).toBe(200);
    }
    expect((await call('nowhere', big)).body.error).toBe('ERR_VALIDATION');
    // Documents: a PDF only, by its bytes.
    const pngAsPdf = await supUpload('termos.pdf', 'application/pdf', pngOf(10, 10));
    expect((await sup.call('POST', '/settings/doc-upload?ref=termos', { body: { key: pngAsPdf } })).body.error).toBe('ERR_BRANDING_NOT_PDF');
    const pdf = await supUpload('termos.pdf', 'application/pdf', TINY_PDF);
    expect((await sup.call('POST', '/settings/doc-upload?ref=termos', { body: { key: pdf } })).body).toEqual({ mensagem: 'Arquivo Anexado' });
    expect((await sup.call('GET', '/branding')).body.documents.termos.url).toMatch(/^http/);
  });

  it('a company admin is refused with 403 (super only), even with a good file of their own', async () => {
    const res = await other.admin.call('POST', '/settings/media-upload?ref=login', { body: { key: other.tenant.uploads.logo } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await other.admin.call('POST', '/settings/doc-upload?ref=termos', { body: { key: other.tenant.uploads.pdf } })).status).toBe(403);
  });

  it('the colour theme is the platform\'s: the super admin sets it, every company reads it; a company admin cannot', async () => {
    const before = (await sup.call('GET', '/settings/mainColor')).body.value;
    try {
      expect((await sup.call('PUT', '/settings/mainColor', { body: { value: '#2E7D32' } })).status).toBe(200);
      expect((await other.agent.call('GET', '/settings/mainColor')).body.value).toBe('#2E7D32');
      expect((await new (sup.constructor as typeof Client)().call('GET', '/branding')).body.colors.mainColor).toBe('#2E7D32');
      const denied = await other.admin.call('PUT', '/settings/mainColor', { body: { value: '#000000' } });
      expect(denied.status).toBe(403);
      const entry = (await auditOf('branding')).find((e) => e.action === 'branding.colors');
      expect(entry).toMatchObject({ targetId: 'mainColor', after: { value: '#2E7D32' } });
    } finally {
      await sup.call('PUT', '/settings/mainColor', { body: { value: before } });
    }
  });
});

describe('helps', () => {
  it('the super admin creates, edits and deletes; every signed-in user of any company reads; each change audited', async () => {
    const made = await sup.call('POST', '/helps', { body: { title: 'Primeiros passos', description: 'Como conectar', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ' });
    const id = made.body.id as number;
    expect((await other.agent.call('GET', '/helps')).body.map((h: { id: number }) => h.id)).toContain(id);
    expect((await other.agent.call('GET', '/helps/list')).body.find((h: { id: number }) => h.id === id).description).toBe('Como conectar');
    const edited = await sup.call('PUT', `/helps/${id}`, { body: { description: 'Como conectar o WhatsApp' } });
    expect(edited.body.description).toBe('Como conectar o WhatsApp');
    expect((await sup.call('PUT', `/helps/${id}`, { body: { video: 'não é vídeo' } })).body.error).toBe('ERR_VALIDATION');
    for (const [m, p, b] of [['POST', '/helps', { title: 'x' }], ['PUT', `/helps/${id}`, { title: 'x' }], ['DELETE', `/helps/${id}`, undefined]] as const) {
      const res = await other.admin.call(m, p, { body: b });
      expect(res.status, `${m} ${p}`).toBe(403);
    }
    expect((await sup.call('DELETE', `/helps/${id}`)).status).toBe(204);
    expect((await sup.call('DELETE', `/helps/${id}`)).body.error).toBe('ERR_NO_HELP_FOUND');
    const actions = (await auditOf('help')).filter((e) => e.targetId === String(id)).map((e) => e.action);
    expect(actions).toEqual(['help.delete', 'help.update', 'help.create']);
    const update = (await auditOf('help')).find((e) => e.targetId === String(id) && e.action === 'help.update')!;
    expect(update).toMatchObject({ before: { description: 'Como conectar' }, after: { description: 'Como conectar o WhatsApp' } });
  });
});

describe('announcements', () => {
  it('CRUD by the super admin; another company\'s agent sees the active ones live, in order, with unread marks', async () => {
    const title = unique('Aviso');
    const low = await sup.call('POST', '/announcements', { body: { title: `${title} baixo`, text: 'Prioridade padrão' } });
    expect(low.status, JSON.stringify(low.body)).toBe(201);
    expect(low.body).toMatchObject({ priority: 3, status: true, mediaPath: null });
    const live = await agentSocket.waitFor((e) => e.channel === `company-${other.tenant.companyId}-announcement` && e.data.action === 'create' && (e.data.record as { id: number }).id === low.body.id);
    expect(live.companyId).toBe(other.tenant.companyId);
    const high = await sup.call('POST', '/announcements', { body: { title: `${title} alto`, text: 'Urgente', priority: 1 } });
    const hidden = await sup.call('POST', '/announcements', { body: { title: `${title} inativo`, text: 'Rascunho', status: false } });
    const list = async () => ((await other.agent.call('GET', '/announcements/list')).body.records as { id: number; title: string; read: boolean; priority: number }[]).filter((r) => r.title.startsWith(title));
    let mine = await list();
    expect(mine.map((r) => r.id)).toEqual([high.body.id, low.body.id]);
    expect(mine.every((r) => !r.read)).toBe(true);
    expect((await other.agent.call('POST', `/announcements/${high.body.id}/read`)).status).toBe(204);
    mine = await list();
    expect(mine.find((r) => r.id === high.body.id)!.read).toBe(true);
    // The read mark is the agent's own: the admin of that company still has it unread.
    expect(((await other.admin.call('GET', '/announcements/list')).body.records as { id: number; read: boolean }[]).find((r) => r.id === high.body.id)!.read).toBe(false);
    expect((await other.agent.call('POST', `/announcements/${hidden.body.id}/read`)).body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    // Deactivated: out of the drawer, live.
    expect((await sup.call('PUT', `/announcements/${low.body.id}`, { body: { status: false } })).body.status).toBe(false);
    await agentSocket.waitFor((e) => e.channel.endsWith('-announcement') && e.data.action === 'update' && (e.data.record as { id: number; status: boolean }).id === low.body.id && (e.data.record as { status: boolean }).status === false);
    expect((await list()).map((r) => r.id)).toEqual([high.body.id]);
    // Management: super only.
    expect((await other.admin.call('GET', '/announcements')).status).toBe(403);
    expect((await other.admin.call('POST', '/announcements', { body: { title: 'x', text: 'y' } })).status).toBe(403);
    expect((await other.admin.call('PUT', `/announcements/${high.body.id}`, { body: { title: 'x' } })).status).toBe(403);
    const page = await sup.call('GET', '/announcements?limit=100');
    expect(page.body.records.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([low.body.id, high.body.id, hidden.body.id]));
    expect((await sup.call('POST', '/announcements', { body: { title: '', text: 'x' } })).body.error).toBe('ERR_VALIDATION');
    expect((await sup.call('POST', '/announcements', { body: { title: 'x', text: 'y', priority: 4 } })).body.error).toBe('ERR_VALIDATION');
    expect((await sup.call('DELETE', `/announcements/${high.body.id}`)).status).toBe(204);
    await agentSocket.waitFor((e) => e.channel.endsWith('-announcement') && e.data.action === 'delete' && e.data.id === high.body.id);
    expect(await list()).toEqual([]);
    expect((await sup.call('GET', `/announcements/${high.body.id}`)).body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    const audit = (await auditOf('announcement')).filter((e) => e.targetId === String(low.body.id));
    expect(audit.map((e) => e.action)).toEqual(['announcement.update', 'announcement.create']);
    expect(audit[0]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('attachments: png, jpeg, mp4 by content; anything else refused; removed again', async () => {
    const a = (await sup.call('POST', '/announcements', { body: { title: unique('Mídia'), text: 'Com anexo', status: false } })).body;
    const attach = (key: string) => sup.call('POST', `/announcements/${a.id}/media-upload`, { body: { key, name: 'video.mp4' } });
    const video = await attach(await supUpload('video.mp4', 'video/mp4', MP4_HEAD));
    expect(video.status, JSON.stringify(video.body)).toBe(200);
    expect(video.body).toMatchObject({ mediaName: 'video.mp4', mediaType: 'video' });
    expect(video.body.mediaPath).toMatch(/^http/);
    expect((await attach(await supUpload('x.pdf', 'application/pdf', TINY_PDF))).body.error).toBe('ERR_ANNOUNCEMENT_MEDIA_TYPE');
    expect((await attach(await supUpload('x.mp4', 'video/mp4', Buffer.from('plain text, not a video at all')))).body.error).toBe('ERR_ANNOUNCEMENT_MEDIA_TYPE');
    expect((await attach(other.tenant.uploads.image)).body.error).toBe('ERR_NO_PERMISSION');
    const image = await attach(await supUpload('foto.png', 'image/png', pngOf(20, 20)));
    expect(image.body.mediaType).toBe('image');
    const removed = await sup.call('DELETE', `/announcements/${a.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null, mediaType: null });
    await sup.call('DELETE', `/announcements/${a.id}`);
  });
});

describe('company backup', () => {
  it("exports the caller's company only, as JSON lines, behind a short-lived link; secrets left out", async () => {
    const { admin, companyId, email } = await newCompany();
    const agentEmail = `${unique('ag')}@example.test`;
    expect((await admin.call('POST', '/users', { body: { name: 'Agente Backup', email: agentEmail, password: PASSWORD } })).status).toBe(201);
    const started = await admin.call('POST', '/backup-database');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const jobId = started.body.jobId as string;
    // Another company cannot read the job; an agent cannot ask for a backup.
    expect((await other.admin.call('GET', `/backup-database/${jobId}`)).status).toBe(404);
    expect((await (await signedIn(agentEmail)).call('POST', '/backup-database')).status).toBe(403);
    const done = await until('the backup finished', async () => {
      const s = await admin.call('GET', `/backup-database/${jobId}`);
      return s.body.finished ? s.body : undefined;
    }, 60_000, 300);
    expect(done.failed).toBe(false);
    const text = await (await fetch(done.url)).text();
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBe(done.items);
    expect(lines[0]).toMatchObject({ PK: `P#COMPANY#${companyId}`, SK: 'META' });
    expect(lines.slice(1).every((l) => String(l.PK).startsWith(`C#${companyId}#`))).toBe(true);
    expect(text).toContain(email);
    expect(text).toContain(agentEmail);
    for (const foreign of [other.name, other.tenant.adminEmail, `C#${other.tenant.companyId}#`]) expect(text).not.toContain(foreign);
    expect(lines.some((l) => String(l.PK).endsWith('#SESSIONS'))).toBe(false);
    expect(text).not.toMatch(/"passwordHash":"(?!••••••)/);
  });
});
