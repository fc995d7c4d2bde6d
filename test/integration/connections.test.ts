import { describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { newCompany, signedIn, unique, PASSWORD } from '../support/api';
import { hostHolds, hostReleased, until } from '../support/sandbox';
import { openSocket } from '../support/socket';

const putQueue = (companyId: number, id: number) => db().send(new PutCommand({ TableName: table(), Item: { ...keys.queue(companyId, id), entity: 'queue', id, name: `Fila ${id}` } }));

describe('connections', () => {
  it('the first connection is the default; a new default moves the flag; the default cannot be unset', async () => {
    const { admin } = await newCompany();
    const a = await admin.call('POST', '/whatsapp', { body: { name: 'Primeira', channel: 'sandbox' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Primeira', channel: 'sandbox', isDefault: true, status: 'OPENING', desired: 'run', reopenWindowMinutes: 0, allowGroups: false });
    expect(a.body.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const b = await admin.call('POST', '/whatsapp', { body: { name: 'Segunda', channel: 'sandbox', isDefault: true } });
    expect(b.body.isDefault).toBe(true);
    const list = await admin.call('GET', '/whatsapp?session=0');
    expect(list.body.map((c: { name: string; isDefault: boolean }) => [c.name, c.isDefault])).toEqual([['Primeira', false], ['Segunda', true]]);
    const unset = await admin.call('PUT', `/whatsapp/${b.body.id}`, { body: { isDefault: false } });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    // Deleting the default hands the flag to the remaining connection.
    expect((await admin.call('DELETE', `/whatsapp/${b.body.id}`)).status).toBe(204);
    expect((await admin.call('GET', `/whatsapp/${a.body.id}`)).body.isDefault).toBe(true);
  });

  it('stops at the plan connection limit (inicial: 1), also under concurrency', async () => {
    const { admin } = await newCompany('inicial');
    const results = await Promise.all([1, 2, 3].map((i) => admin.call('POST', '/whatsapp', { body: { name: `Conexão ${i}`, channel: 'sandbox' } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(results.find((r) => r.status === 403)!.body.error).toBe('ERR_MAX_WHATS_REACHED');
    expect((await admin.call('GET', '/whatsapp')).body).toHaveLength(1);
  });

  it('requires a greeting with more than one queue, and known queues', async () => {
    const { admin, companyId } = await newCompany();
    await putQueue(companyId, 1);
    await putQueue(companyId, 2);
    const noGreeting = await admin.call('POST', '/whatsapp', { body: { name: 'Filas', channel: 'sandbox', queueIds: [1, 2] } });
    expect(noGreeting.status).toBe(400);
    expect(noGreeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const unknown = await admin.call('POST', '/whatsapp', { body: { name: 'Filas', channel: 'sandbox', queueIds: [9], greetingMessage: 'Olá' } });
    expect(unknown.body.error).toBe('ERR_VALIDATION');
    const ok = await admin.call('POST', '/whatsapp', { body: { name: 'Filas', channel: 'sandbox', queueIds: [1, 2], greetingMessage: 'Olá! Escolha:' } });
    expect(ok.status).toBe(201);
    expect(ok.body.queueIds).toEqual([1, 2]);
  });

  it('validates names, tokens and the Cloud API account', async () => {
    const { admin } = await newCompany();
    const bad = await admin.call('POST', '/whatsapp', { body: { name: 'X', channel: 'sandbox', token: 'no spaces allowed' } });
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.name', 'body.token']);
    const noProvider = await admin.call('POST', '/whatsapp', { body: { name: 'Oficial', channel: 'wppoficial' } });
    expect(noProvider.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'body.provider' }] });
    const fb = await admin.call('POST', '/whatsapp', { body: { name: 'Facebook', channel: 'facebook' } });
    expect(fb.status).toBe(400);
  });

  it('session controls: disconnect reports DISCONNECTED live to the admins; start asks for OPENING', async () => {
    const { admin, companyId } = await newCompany();
    const c = (await admin.call('POST', '/whatsapp', { body: { name: 'Sessão', channel: 'sandbox' } })).body;
    await hostHolds(admin, c.id);
    const s = await openSocket(admin.token!);
    const off = await admin.call('DELETE', `/whatsappsession/${c.id}`);
    expect(off.body).toMatchObject({ status: 'DISCONNECTED', desired: 'stop', reason: 'disconnected by a user' });
    // The user's disconnect, told live (the host's own report of the stop may come before or after it).
    const ev = await s.waitFor((e) => e.channel === `company-${companyId}-whatsappSession` && (e.data.session as { reason?: string }).reason === 'disconnected by a user');
    expect(ev.data).toMatchObject({ action: 'update', session: { id: c.id, status: 'DISCONNECTED' } });
    expect((ev.data.session as Record<string, unknown>).token).toBeUndefined();
    const on = await admin.call('POST', `/whatsappsession/${c.id}`);
    expect(on.body).toMatchObject({ status: 'OPENING', desired: 'run' });
    const qr = await admin.call('PUT', `/whatsappsession/${c.id}`);
    expect(qr.body.desired).toBe('newqr');
    const restart = await admin.call('POST', '/whatsapp-restart');
    expect(restart.body).toEqual({ restarted: 1, message: 'Aguarde... Suas conexões serão reiniciadas!' });
    s.close();
  });

  it('agents list connections without tokens and cannot change them', async () => {
    const { admin } = await newCompany();
    await admin.call('POST', '/whatsapp', { body: { name: 'Sessão', channel: 'sandbox' } });
    const email = `${unique()}@example.test`;
    await admin.call('POST', '/users', { body: { name: 'Agente', email, password: PASSWORD } });
    const agent = await signedIn(email);
    const list = await agent.call('GET', '/whatsapp');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].token).toBeUndefined();
    expect((await agent.call('POST', '/whatsapp', { body: { name: 'Minha', channel: 'sandbox' } })).status).toBe(403);
    expect((await agent.call('DELETE', `/whatsappsession/${list.body[0].id}`)).status).toBe(403);
  });

  it('the sandbox refuses a scan without a QR and a customer before pairing', async () => {
    const { admin, companyId } = await newCompany();
    const c = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body;
    await hostHolds(admin, c.id);
    await admin.call('DELETE', `/whatsappsession/${c.id}`);
    await hostReleased(companyId, c.id); // no late QR of the host's run lands after this
    const scan = await admin.call('POST', `/sandbox/${c.id}/scan`);
    expect(scan.status).toBe(409);
    expect(scan.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    const inbound = await admin.call('POST', `/sandbox/${c.id}/inbound`, { body: { from: '5511988887777', name: 'Cliente', body: 'Oi' } });
    expect(inbound.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    const badFrom = await admin.call('POST', `/sandbox/${c.id}/inbound`, { body: { from: '+55 11', body: 'Oi' } });
    expect(badFrom.body.error).toBe('ERR_VALIDATION');
  });
});

describe('Cloud API secrets: values in, references never', () => {
  it('takes the token and app secret as values, keeps them under names it derives, and refuses references', async () => {
    const { admin, companyId } = await newCompany();
    const phoneNumberId = String(20_000_000 + companyId);
    for (const provider of [
      { phoneNumberId, accessTokenRef: 'env:JWT_SECRET' },
      { phoneNumberId, accessToken: 'EAAG-valid-token', appSecretRef: 'JWT_SECRET' },
      { phoneNumberId, accessToken: 'curto' },
      { phoneNumberId, accessToken: 'with spaces inside' },
    ]) {
      const res = await admin.call('POST', '/whatsapp', { body: { name: 'Oficial', channel: 'wppoficial', provider } });
      expect(res.status, JSON.stringify(provider)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
    const made = await admin.call('POST', '/whatsapp', { body: { name: 'Oficial', channel: 'wppoficial', provider: { phoneNumberId, accessToken: 'EAAG-first-token', appSecret: 'app-secret-one' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(JSON.stringify(made.body)).not.toMatch(/EAAG-first-token|app-secret-one|provider/);
    const { getConnection } = await import('../../functions/src/adapters/db/connections');
    // Locally no Secrets Manager is configured: the server's own `plain:` reference (on AWS, the ARN of `<prefix>${companyId}/whatsapp/<id>/…`).
    expect((await getConnection(companyId, made.body.id, true))?.provider).toEqual({ phoneNumberId, accessTokenRef: 'plain:EAAG-first-token', appSecretRef: 'plain:app-secret-one' });

    // An edit gives a new token; the app secret stays; a reference is refused here too.
    expect((await admin.call('PUT', `/whatsapp/${made.body.id}`, { body: { provider: { accessTokenRef: 'env:JWT_SECRET' } } })).body.error).toBe('ERR_VALIDATION');
    const edited = await admin.call('PUT', `/whatsapp/${made.body.id}`, { body: { name: 'Oficial 2', provider: { accessToken: 'EAAG-second-token' } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await getConnection(companyId, made.body.id, true))?.provider).toEqual({ phoneNumberId, accessTokenRef: 'plain:EAAG-second-token', appSecretRef: 'plain:app-secret-one' });
    // Secrets belong to Cloud API connections only.
    const sandbox = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body;
    expect((await admin.call('PUT', `/whatsapp/${sandbox.id}`, { body: { provider: { accessToken: 'EAAG-second-token' } } })).body.error).toBe('ERR_VALIDATION');
  });
});

describe('sandbox pairing names the QR it confirms', () => {
  it('a scan of the QR on the screen pairs even if the host rotates it right after; a replaced QR is ERR_SANDBOX_QR_EXPIRED', async () => {
    const { admin, companyId } = await newCompany();
    const c = (await admin.call('POST', '/whatsapp', { body: { name: 'Pareamento', channel: 'sandbox' } })).body;
    const shown = await hostHolds(admin, c.id);
    expect(shown.status).toBe('qrcode');
    // A QR that is not (or no longer) the one on the connection: refused with the code to scan again.
    const stale = await admin.call('POST', `/sandbox/${c.id}/scan`, { body: { qrcode: `${shown.qrcode}x` } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('ERR_SANDBOX_QR_EXPIRED');
    expect((await admin.call('POST', `/sandbox/${c.id}/scan`, { body: { qrcode: 7 } })).body.error).toBe('ERR_VALIDATION');
    // The host rotates its QR the moment after the scan is recorded (as its poll may): the scan still pairs.
    const { reportSession } = await import('../../functions/src/domain/connections/session-state');
    const scan = await admin.call('POST', `/sandbox/${c.id}/scan`, { body: { qrcode: shown.qrcode } });
    expect(scan.status).toBe(202);
    await reportSession(companyId, c.id, { status: 'qrcode', qrcode: `${shown.qrcode.slice(0, -4)}next` });
    await until('CONNECTED', async () => (await admin.call('GET', `/whatsapp/${c.id}`)).body.status === 'CONNECTED');
    const after = (await admin.call('GET', `/whatsapp/${c.id}`)).body;
    expect(after).toMatchObject({ status: 'CONNECTED', qrcode: '' });
    expect(after.scannedQr).toBeUndefined();
  });
});

describe('connection edits and the session host', () => {
  it('an edit made while the host reports a status keeps both', async () => {
    const { reportSession } = await import('../../functions/src/domain/connections/session-state');
    const { admin, companyId } = await newCompany();
    const c = (await admin.call('POST', '/whatsapp', { body: { name: 'Antes', channel: 'sandbox' } })).body;
    // The real host runs it first; once it has let go of it after the disconnect, only this test reports.
    await hostHolds(admin, c.id);
    await admin.call('DELETE', `/whatsappsession/${c.id}`);
    await hostReleased(companyId, c.id);
    const edits = Array.from({ length: 5 }, (_, i) => admin.call('PUT', `/whatsapp/${c.id}`, { body: { greetingMessage: `Olá ${i}` } }));
    const reports = Array.from({ length: 5 }, (_, i) => reportSession(companyId, c.id, { status: 'DISCONNECTED', reason: `report ${i}` }));
    const results = await Promise.all(edits);
    await Promise.all(reports);
    // Concurrent edits of the same connection: the first wins, the others are told to retry; no report is refused.
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.body.error === 'ERR_CONFLICT')).toBe(true);
    const after = (await admin.call('GET', `/whatsapp/${c.id}`)).body;
    expect(after.greetingMessage).toMatch(/^Olá \d$/);
    expect(after.reason).toMatch(/^report \d$/);
    const renamed = await admin.call('PUT', `/whatsapp/${c.id}`, { body: { name: 'Depois' } });
    expect(renamed.status).toBe(200);
    await reportSession(companyId, c.id, { status: 'DISCONNECTED', reason: 'later' });
    expect((await admin.call('PUT', `/whatsapp/${c.id}`, { body: { name: 'De novo' } })).status).toBe(200);
  });
});
