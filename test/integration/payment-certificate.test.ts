/**
 * The payment certificate panel's routes against the stack, whose Efí provider talks to the fake
 * PSP behind mutual TLS (global-setup.ts): the super admin uploads the .p12 (checked by content),
 * sees its subject and expiry, registers the Pix webhook at the provider with it; a certificate of
 * another CA is refused by the provider with a clear code; a company admin gets 403; no route ever
 * answers the certificate's bytes; the audit log records the upload without them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../functions/src/http/routes';
import { newCompany, signedIn, type Client } from '../support/api';
import { fakeEfiState } from '../support/fake-efi';

const efi = inject('efi');
const file = (name: string) => readFileSync(path.join(efi.dir, name));
const upload = (c: Client, filename: string, bytes: Buffer) => c.call('POST', '/settings/cert-upload?ref=certificado', { body: { filename, content: bytes.toString('base64') } });
/** A PNG's signature and header: what a logo renamed to .p12 starts with. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.alloc(200, 7)]);

let sup: Client;
beforeAll(async () => {
  sup = await signedIn('admin@conversa.local');
});

describe('POST /settings/cert-upload', () => {
  it('refuses what is not an Efí .p12, by content: a PNG renamed .p12, a passphrase, another extension', async () => {
    const png = await upload(sup, 'logo.p12', PNG);
    expect([png.status, png.body.error]).toEqual([400, 'ERR_CERTIFICATE_INVALID']);
    const pem = await upload(sup, 'cert.p12', file('client.crt'));
    expect([pem.status, pem.body.error]).toEqual([400, 'ERR_CERTIFICATE_INVALID']);
    const locked = await upload(sup, 'cert.p12', file('protected.p12'));
    expect([locked.status, locked.body.error]).toEqual([400, 'ERR_CERTIFICATE_PASSWORD']);
    const ext = await upload(sup, 'cert.pfx', file('client.p12'));
    expect([ext.status, ext.body.error]).toEqual([400, 'ERR_UPLOAD_TYPE_NOT_ALLOWED']);
    const none = await sup.call('POST', '/settings/cert-upload', { body: { filename: 'cert.p12' } });
    expect([none.status, none.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('a company admin cannot upload, read or register (403 ERR_NO_PERMISSION)', async () => {
    const { admin } = await newCompany();
    for (const res of [await upload(admin, 'cert.p12', file('client.p12')), await admin.call('GET', '/settings/payment-certificate'), await admin.call('POST', '/settings/payment-webhook')]) {
      expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    }
  });

  it('a certificate the provider does not accept: the webhook registration answers ERR_PAYMENT_CERTIFICATE_REFUSED, not a 500', async () => {
    expect((await upload(sup, 'outro.p12', file('stranger.p12'))).body).toEqual({ mensagem: 'Arquivo Anexado' });
    const info = await sup.call('GET', '/settings/payment-certificate');
    expect(info.body).toMatchObject({ installed: true, subject: 'stranger' });
    const res = await sup.call('POST', '/settings/payment-webhook');
    expect([res.status, res.body.error]).toEqual([502, 'ERR_PAYMENT_CERTIFICATE_REFUSED']);
  });

  it('the Efí certificate replaces it: subject and expiry shown, the webhook registered at the provider with the secret URL', async () => {
    const p12 = file('client.p12');
    expect((await upload(sup, 'Certificado-Producao.P12', p12)).body).toEqual({ mensagem: 'Arquivo Anexado' });
    const info = await sup.call('GET', '/settings/payment-certificate');
    expect(info.body.installed).toBe(true);
    expect(info.body.subject).toMatch(/^fake-efi-[0-9a-f]{6}$/);
    expect(Date.parse(info.body.expiresAt) - Date.now()).toBeGreaterThan(25 * 86_400_000);
    expect(Object.keys(info.body).sort()).toEqual(['expiresAt', 'installed', 'subject', 'uploadedAt', ...(info.body.webhookRegisteredAt ? ['webhookRegisteredAt'] : [])].sort());

    const reg = await sup.call('POST', '/settings/payment-webhook');
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.registered).toBe(true);
    const state = await fakeEfiState(efi.url, { caPem: file('ca.crt').toString('utf8'), clientP12: p12 });
    const hook = state.webhooks[efi.pixKey]!;
    expect(hook.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/pix\/[A-Za-z0-9_-]{32,}\?ignorar=$/);
    expect(hook.skipMtls).toBe(true);
    const put = state.calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/v2/webhook/')).at(-1)!;
    expect(put.clientCn).toBe(info.body.subject);
    expect((await sup.call('GET', '/settings/payment-certificate')).body.webhookRegisteredAt).toBe(reg.body.registeredAt);
    // The answer and the panel never carry the URL's secret segment.
    expect(JSON.stringify(reg.body)).not.toContain('/webhooks/pix/');
  });

  it('no route answers the certificate: every GET the super admin can call, and the audit entry, hold none of its bytes', async () => {
    const p12 = file('client.p12');
    const b64 = p12.toString('base64');
    const pieces = [b64.slice(0, 40), b64.slice(200, 240), p12.toString('hex').slice(0, 40)];
    const gets = ROUTES.filter((r) => r.method === 'GET' && !r.path.includes('{') && !r.public).map((r) => r.path);
    gets.push('/settings/mainColor', '/audit?resource=paymentCertificate');
    let read = 0;
    for (const p of gets) {
      const res = await sup.call('GET', p);
      const text = JSON.stringify(res.body ?? '');
      for (const piece of pieces) expect(text, p).not.toContain(piece);
      read++;
    }
    expect(read).toBeGreaterThan(10);
    const audit = await sup.call('GET', '/audit?resource=paymentCertificate&limit=5');
    const entry = audit.body.items[0];
    expect(entry).toMatchObject({ action: 'paymentCertificate.upload', userName: expect.any(String), after: { subject: expect.stringMatching(/^fake-efi-/), fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), uploadedAt: expect.any(String) } });
    expect(entry.before.subject).toBe('stranger');
    const hooks = await sup.call('GET', '/audit?resource=paymentWebhook&limit=5');
    expect(hooks.body.items[0]).toMatchObject({ action: 'paymentWebhook.register', after: { provider: 'efi', pixKey: efi.pixKey } });
    expect(JSON.stringify(hooks.body)).not.toContain('/webhooks/pix/');
  });
});
