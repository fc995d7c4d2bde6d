import { describe, expect, it } from 'vitest';
import { buildConnectionBody, emptyConnectionForm, formFromConnection, generateToken } from './connection-form';
import { makeConnection } from '../../../test/make-connection';

const form = (patch: Partial<typeof emptyConnectionForm>) => ({ ...emptyConnectionForm, ...patch });

describe('connection form', () => {
  it('name: required, then 2–50 with the server texts', () => {
    expect(buildConnectionBody(form({ name: '' }), 'create', 'whatsapp')).toMatchObject({ ok: false, errors: { name: 'validation.required' } });
    expect(buildConnectionBody(form({ name: 'a' }), 'create', 'whatsapp')).toMatchObject({ ok: false, errors: { name: 'validation.tooShort' } });
    expect(buildConnectionBody(form({ name: 'x'.repeat(51) }), 'edit', 'whatsapp')).toMatchObject({ ok: false, errors: { name: 'validation.tooLong' } });
  });
  it('greeting is required with more than one queue', () => {
    expect(buildConnectionBody(form({ name: 'Vendas', queueIds: [1, 2] }), 'create', 'whatsapp')).toMatchObject({ ok: false, errors: { greetingMessage: 'connections.form.greetingRequired' } });
    expect(buildConnectionBody(form({ name: 'Vendas', queueIds: [1, 2], greetingMessage: 'Oi' }), 'create', 'whatsapp').ok).toBe(true);
  });
  it('a sandbox body carries its channel; an empty token is left to the server', () => {
    const r = buildConnectionBody(form({ name: ' Teste ', reopenWindowMinutes: '15' }), 'create', 'sandbox');
    expect(r).toMatchObject({ ok: true, body: { name: 'Teste', channel: 'sandbox', reopenWindowMinutes: 15 } });
    expect(r.ok && 'token' in r.body).toBe(false);
  });
  it('token and reopen window follow the server limits', () => {
    expect(buildConnectionBody(form({ name: 'Vendas', token: 'has space' }), 'create', 'whatsapp')).toMatchObject({ ok: false, errors: { token: 'validation.invalidToken' } });
    expect(buildConnectionBody(form({ name: 'Vendas', reopenWindowMinutes: '99999' }), 'create', 'whatsapp')).toMatchObject({ ok: false, errors: { reopenWindowMinutes: 'connections.form.reopenRange' } });
    expect(buildConnectionBody(form({ name: 'Vendas', reopenWindowMinutes: '1.5' }), 'create', 'whatsapp').ok).toBe(false);
  });
  it('Cloud API needs phone number id (digits) and the access token reference', () => {
    expect(buildConnectionBody(form({ name: 'Oficial' }), 'create', 'wppoficial')).toMatchObject({ ok: false, errors: { phoneNumberId: 'validation.required', accessToken: 'validation.required' } });
    expect(buildConnectionBody(form({ name: 'Oficial', phoneNumberId: 'abc', accessToken: 'EAAGtoken123' }), 'create', 'wppoficial')).toMatchObject({ ok: false, errors: { phoneNumberId: 'connections.form.digitsOnly' } });
    const ok = buildConnectionBody(form({ name: 'Oficial', phoneNumberId: '123456789', accessToken: 'EAAGtoken123' }), 'create', 'wppoficial');
    expect(ok).toMatchObject({ ok: true, body: { channel: 'wppoficial', provider: { phoneNumberId: '123456789', accessToken: 'EAAGtoken123' } } });
    // An edit sends secrets only when typed.
    expect(buildConnectionBody(form({ name: 'Oficial' }), 'edit', 'wppoficial')).toMatchObject({ ok: true, body: { name: 'Oficial' } });
    expect((buildConnectionBody(form({ name: 'Oficial' }), 'edit', 'wppoficial') as { body: object }).body).not.toHaveProperty('provider');
    expect(buildConnectionBody(form({ name: 'Oficial', appSecret: 'novo-segredo-1' }), 'edit', 'wppoficial')).toMatchObject({ ok: true, body: { provider: { appSecret: 'novo-segredo-1' } } });
  });
  it('edit sends no channel and round-trips a connection', () => {
    const r = buildConnectionBody(formFromConnection(makeConnection()), 'edit', 'whatsapp');
    expect(r.ok).toBe(true);
    expect(r.ok && 'channel' in r.body).toBe(false);
    expect(r).toMatchObject({ body: { name: 'Vendas', token: 'tok_123', reopenWindowMinutes: 30, allowGroups: true } });
  });
  it('generated tokens pass the server rule', () => {
    const tok = generateToken();
    expect(tok).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generateToken()).not.toBe(tok);
  });
});
