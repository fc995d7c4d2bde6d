import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, SubscriptionBody, type InvoiceView } from '@conversa/shared/schemas/billing';
import billingPt from '../../../lib/i18n/locales/billing/pt';
import { checkoutBody, emptyCheckout, START_STEP, STEPS, validateCheckout } from './checkout-form';

const invoice: InvoiceView = { id: 20261210, detail: 'basico', users: 5, connections: 2, queues: 5, value: 99, dueDate: '2026-12-10', status: 'open', paidAt: null, txid: null, createdAt: '2026-11-30T00:00:00Z' };

describe('checkout form', () => {
  it('starts at Personalizar, the second of Dados, Personalizar, Revisar', () => {
    expect(STEPS[START_STEP]).toBe('customize');
    expect(STEPS.map((s) => billingPt.steps[s])).toEqual(['Dados', 'Personalizar', 'Revisar']);
  });

  it("requires full name, address, city, CEP and country, each with the server's own Portuguese message", () => {
    const errors = validateCheckout({ ...emptyCheckout(), country: ' ' });
    expect(Object.keys(errors).sort()).toEqual(['address2', 'city', 'country', 'firstName', 'zipcode']);
    for (const [field, key] of Object.entries(errors)) {
      const text = key!.split('.').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], billingPt);
      expect(text).toBe(CHECKOUT_MESSAGES[field as keyof typeof CHECKOUT_MESSAGES]);
    }
  });

  it('builds a payload the server accepts', () => {
    const v = { ...emptyCheckout(), firstName: 'Ana Souza', address2: 'Rua A, 1', city: 'Recife', zipcode: '50000-000' };
    expect(validateCheckout(v)).toEqual({});
    expect(SubscriptionBody.parse(checkoutBody(v, invoice))).toMatchObject({ invoiceId: 20261210, price: 99, country: 'Brasil' });
  });
});
