import { describe, expect, it } from 'vitest';
import { PixWebhookBody, SubscriptionBody, TxidParam } from './billing';

const efiNotice = { endToEndId: 'E09089356202612011200abcdef12345', txid: 'a'.repeat(32), chave: 'pagamentos@conversa.local', valor: '99.00', horario: '2026-12-01T12:00:00.000Z', infoPagador: 'Fatura' };

describe('payment webhook body (Efí / Pix API v2 callback)', () => {
  it('reads the pix notices, with fields a PSP adds kept aside', () => {
    const out = PixWebhookBody.parse({ pix: [{ ...efiNotice, gnExtras: { pagador: { nome: 'X' } } }] });
    expect(out.pix).toHaveLength(1);
    expect(out.pix![0]).toMatchObject(efiNotice);
  });

  it("accepts Efí's registration test call (no pix) and a Pix without txid", () => {
    expect(PixWebhookBody.parse({ evento: 'teste_webhook' }).pix).toBeUndefined();
    const { txid: _t, ...noTxid } = efiNotice;
    expect(PixWebhookBody.parse({ pix: [noTxid] }).pix![0]!.txid).toBeUndefined();
  });

  it('refuses amounts that are not reais with 2 decimals, and huge batches', () => {
    for (const valor of ['99', '99.0', '-1.00', '1e3', '99,00', 99]) expect(PixWebhookBody.safeParse({ pix: [{ ...efiNotice, valor }] }).success, String(valor)).toBe(false);
    expect(PixWebhookBody.safeParse({ pix: Array.from({ length: 101 }, () => efiNotice) }).success).toBe(false);
    expect(PixWebhookBody.safeParse({ pix: 'x' }).success).toBe(false);
  });
});

describe('subscription payload (spec 2 §3)', () => {
  const body = { firstName: 'Ana Souza', lastName: '', address2: 'Rua A, 1', city: 'Recife', state: 'PE', zipcode: '50000-000', country: 'Brasil', useAddressForPaymentDetails: false, nameOnCard: '', cardNumber: '', cvv: '', plan: 'basico', price: 1, users: 5, connections: 2, invoiceId: 20261210 };

  it('takes the spec fields', () => {
    expect(SubscriptionBody.parse(body).invoiceId).toBe(20261210);
  });

  it('requires the Dados step fields with their Portuguese messages', () => {
    const out = SubscriptionBody.safeParse({ ...body, firstName: ' ', address2: '', city: '', zipcode: '', country: '' });
    expect(out.success).toBe(false);
    const messages = Object.fromEntries(out.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ firstName: 'O nome completo é obrigatório', address2: 'O endereço é obrigatório', city: 'A cidade é obrigatória', zipcode: 'O CEP é obrigatório', country: 'O país é obrigatório' });
  });

  it('refuses unknown fields and a missing invoice', () => {
    expect(SubscriptionBody.safeParse({ ...body, amount: 1 }).success).toBe(false);
    const { invoiceId: _i, ...rest } = body;
    expect(SubscriptionBody.safeParse(rest).success).toBe(false);
  });

  it('txid: 26 to 35 letters and digits', () => {
    expect(TxidParam.safeParse({ txid: 'a'.repeat(25) }).success).toBe(false);
    expect(TxidParam.safeParse({ txid: 'a'.repeat(26) }).success).toBe(true);
    expect(TxidParam.safeParse({ txid: `${'a'.repeat(30)}-` }).success).toBe(false);
  });
});
