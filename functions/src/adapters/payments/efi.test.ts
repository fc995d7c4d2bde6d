import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBrCode, parseFields } from '@conversa/shared/br-code';
import { startFakeEfi, type FakeEfi } from '../../../../test/support/fake-efi';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from './payment-provider';
import { createEfiProvider, type EfiOptions } from './efi';

let fake: FakeEfi;
const txid = (n: number) => `conversa${String(n).padStart(20, '0')}`;
const loaded = (pfx: Buffer) => ({ pfx, fingerprint: createHash('sha256').update(pfx).digest('hex') });

function provider(over: Partial<EfiOptions> = {}) {
  // The Efí provider is a PaymentProvider (compile-time check).
  const checked: PaymentProvider & ReturnType<typeof createEfiProvider> = createEfiProvider({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: async () => fake.clientSecret,
    pixKey: fake.pixKey,
    certificate: async () => loaded(fake.pki.clientP12),
    ca: fake.pki.caPem,
    timeoutMs: 5_000,
    ...over,
  });
  return checked;
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('no error');
}

beforeAll(async () => {
  fake = await startFakeEfi();
}, 30_000);
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('Efí Pix provider over mutual TLS', () => {
  it('creates a charge: PUT /v2/cob/{txid} then the location QR code, answering a BR Code that parses', async () => {
    const efi = provider();
    const charge = await efi.createCharge({ txid: txid(1), amount: '99.90', description: 'Fatura 12 - Conversa', expiresInSeconds: 3600, payer: { name: 'Empresa Teste', document: '11.222.333/0001-81' } });
    expect(charge.txid).toBe(txid(1));
    expect(charge.amount).toBe('99.90');
    expect(charge.paymentUrl).toMatch(/^https:\/\/pix\.fake-efi\.local\/cob\/pagar\/\d+$/);
    expect(Date.parse(charge.expiresAt) - Date.now()).toBeGreaterThan(3500_000);
    const fields = parseBrCode(charge.brCode);
    expect(fields.get('53')).toBe('986');
    expect(parseFields(fields.get('26')!).get('25')).toBe(fake.charges.get(txid(1))!.location);
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/v2/cob/${txid(1)}`);
    expect(put.body).toEqual({ calendario: { expiracao: 3600 }, devedor: { cnpj: '11222333000181', nome: 'Empresa Teste' }, valor: { original: '99.90' }, chave: fake.pixKey, solicitacaoPagador: 'Fatura 12 - Conversa' });
    expect(put.clientCn).toBe(fake.pki.clientCn);
    expect(fake.calls.map((c) => `${c.method} ${c.path.replace(/\d+\/qrcode/, 'ID/qrcode')}`)).toEqual(['POST /oauth/token', `PUT /v2/cob/${txid(1)}`, 'GET /v2/loc/ID/qrcode']);
  });

  it('fetches the OAuth token once (HTTP Basic, client credentials) and reuses it', async () => {
    const efi = provider();
    await Promise.all([efi.createCharge({ txid: txid(2), amount: '10.00', description: 'a', expiresInSeconds: 600 }), efi.createCharge({ txid: txid(3), amount: '10.00', description: 'b', expiresInSeconds: 600 })]);
    await efi.readCharge(txid(2));
    const tokenCalls = fake.calls.filter((c) => c.path === '/oauth/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(tokenCalls[0]!.body).toEqual({ grant_type: 'client_credentials' });
    const bearers = new Set(fake.calls.filter((c) => c.path !== '/oauth/token').map((c) => c.headers.authorization));
    expect(bearers.size).toBe(1);
  });

  it('fetches a new token when the API answers 401, and when the token is about to expire', async () => {
    const efi = provider();
    await efi.createCharge({ txid: txid(4), amount: '5.00', description: 'x', expiresInSeconds: 600 });
    fake.revokeTokens();
    expect((await efi.readCharge(txid(4))).status).toBe('ATIVA');
    expect(fake.calls.filter((c) => c.path === '/oauth/token')).toHaveLength(2);

    const shortLived = await startFakeEfi({ pki: fake.pki, tokenSeconds: 30 });
    try {
      const p = provider({ baseUrl: shortLived.url, clientId: shortLived.clientId, pixKey: shortLived.pixKey });
      await p.createCharge({ txid: txid(5), amount: '5.00', description: 'x', expiresInSeconds: 600 });
      await p.readCharge(txid(5));
      // A token within a minute of its expiry is never used: each of the three calls fetched its own.
      expect(shortLived.tokensIssued()).toBe(3);
    } finally {
      await shortLived.stop();
    }
  });

  it('reads a charge back before and after it is paid (status, amount, paid sum, end-to-end id)', async () => {
    const efi = provider();
    await efi.createCharge({ txid: txid(6), amount: '120.50', description: 'Fatura', expiresInSeconds: 600 });
    expect(await efi.readCharge(txid(6))).toEqual({ txid: txid(6), status: 'ATIVA', amount: '120.50' });
    fake.pay(txid(6), '100.25');
    fake.pay(txid(6), '20.25');
    const paid = await efi.readCharge(txid(6));
    expect(paid).toMatchObject({ txid: txid(6), status: 'CONCLUIDA', amount: '120.50', paidAmount: '120.50' });
    expect(paid.endToEndId).toBe(fake.charges.get(txid(6))!.pix![0].endToEndId);
  });

  it('takes the charge it created when a retry finds the txid used (a lost answer), and refuses a different one', async () => {
    const efi = provider();
    const first = await efi.createCharge({ txid: txid(7), amount: '30.00', description: 'x', expiresInSeconds: 600 });
    const again = await efi.createCharge({ txid: txid(7), amount: '30.00', description: 'x', expiresInSeconds: 600 });
    expect(again.brCode).toBe(first.brCode);
    expect(await codeOf(efi.createCharge({ txid: txid(7), amount: '31.00', description: 'x', expiresInSeconds: 600 }))).toBe('ERR_PAYMENT_PROVIDER');
  });

  it('registers the webhook: PUT /v2/webhook/{chave} with the URL and x-skip-mtls-checking', async () => {
    const url = 'https://app.example.com/api/webhooks/pix/s3cr3t?ignorar=';
    await provider().registerWebhook(url);
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path.startsWith('/v2/webhook/'))!;
    expect(put.path).toBe(`/v2/webhook/${encodeURIComponent(fake.pixKey)}`);
    expect(put.body).toEqual({ webhookUrl: url });
    expect(put.headers['x-skip-mtls-checking']).toBe('true');
    expect(fake.webhooks.get(fake.pixKey)?.webhookUrl).toBe(url);
    await provider({ webhookMtls: true }).registerWebhook(url);
    expect(fake.calls.filter((c) => c.path.startsWith('/v2/webhook/')).at(-1)!.headers['x-skip-mtls-checking']).toBeUndefined();
  });

  it('a client certificate of another CA is refused in the handshake: ERR_PAYMENT_CERTIFICATE_REFUSED, no call reaches the API', async () => {
    const efi = provider({ certificate: async () => loaded(fake.pki.strangerP12) });
    expect(await codeOf(efi.readCharge(txid(8)))).toBe('ERR_PAYMENT_CERTIFICATE_REFUSED');
    expect(await codeOf(efi.createCharge({ txid: txid(8), amount: '1.00', description: 'x', expiresInSeconds: 60 }))).toBe('ERR_PAYMENT_CERTIFICATE_REFUSED');
    expect(fake.calls).toEqual([]);
  });

  it('wrong client credentials: ERR_PAYMENT_PROVIDER_AUTH; none configured: ERR_PAYMENT_NOT_CONFIGURED; no certificate: ERR_PAYMENT_CERTIFICATE_MISSING', async () => {
    expect(await codeOf(provider({ clientSecret: async () => 'wrong' }).readCharge(txid(9)))).toBe('ERR_PAYMENT_PROVIDER_AUTH');
    expect(await codeOf(provider({ clientId: undefined }).readCharge(txid(9)))).toBe('ERR_PAYMENT_NOT_CONFIGURED');
    expect(await codeOf(provider({ pixKey: undefined }).registerWebhook('https://x.example/h'))).toBe('ERR_PAYMENT_NOT_CONFIGURED');
    expect(await codeOf(provider({ certificate: async () => undefined }).readCharge(txid(9)))).toBe('ERR_PAYMENT_CERTIFICATE_MISSING');
  });

  it('a server certificate that no trusted CA signed is not accepted (EFI_CA only adds a CA, never disables verification)', async () => {
    expect(await codeOf(provider({ ca: undefined }).readCharge(txid(10)))).toBe('ERR_PAYMENT_PROVIDER');
    expect(fake.calls).toEqual([]);
  });

  it('the provider refusing a call (unknown charge, a 500) is ERR_PAYMENT_PROVIDER with its status, never a crash', async () => {
    const efi = provider();
    const unknown = await efi.readCharge(txid(11)).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(AppError);
    expect((unknown as AppError).code).toBe('ERR_PAYMENT_PROVIDER');
    expect((unknown as AppError).details).toEqual({ providerStatus: 404 });
    fake.failNext(500, { nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro' });
    expect(await codeOf(efi.createCharge({ txid: txid(12), amount: '1.00', description: 'x', expiresInSeconds: 60 }))).toBe('ERR_PAYMENT_PROVIDER');
  });

  it('an unreachable provider is ERR_PAYMENT_PROVIDER', async () => {
    expect(await codeOf(provider({ baseUrl: 'https://127.0.0.1:1' }).readCharge(txid(13)))).toBe('ERR_PAYMENT_PROVIDER');
  });

  it('a new certificate gets a new connection and a new token', async () => {
    let pfx = fake.pki.clientP12;
    const efi = provider({ certificate: async () => loaded(pfx) });
    await efi.createCharge({ txid: txid(14), amount: '2.00', description: 'x', expiresInSeconds: 60 });
    pfx = fake.pki.strangerP12;
    expect(await codeOf(efi.readCharge(txid(14)))).toBe('ERR_PAYMENT_CERTIFICATE_REFUSED');
    pfx = fake.pki.clientP12;
    await efi.readCharge(txid(14));
    expect(fake.calls.filter((c) => c.path === '/oauth/token')).toHaveLength(2);
  });
});
