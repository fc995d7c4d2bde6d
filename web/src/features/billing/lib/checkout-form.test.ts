import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, SubscriptionBody, type InvoiceView } from '@conversa/shared/schemas/billing';
import billingPt from '../../../lib/i18n/locales/billing/pt';
import { checkoutBody, choicePrice, customFrom, emptyCheckout, INVOICE_PLAN, START_STEP, STEPS, validateCheckout } from './checkout-form';

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

  it('prices a custom plan from the invoice plan\'s own price: ±11 a user, ±20 a connection, from 3 and 3; posts it as plan custom', () => {
    const v = { ...emptyCheckout(), firstName: 'Ana Souza', address2: 'Rua A, 1', city: 'Recife', zipcode: '50000-000' };
    const start = customFrom(invoice);
    expect(start).toEqual({ custom: true, users: 5, connections: 3 });
    expect(choicePrice(invoice, INVOICE_PLAN)).toBe(99);
    expect(choicePrice(invoice, start)).toBe(99 + 2 * 11);
    expect(choicePrice(invoice, { custom: true, users: 3, connections: 4 })).toBe(119);
    // An invoice of a custom plan already bought: priced from its plan's amount, not its value.
    expect(choicePrice({ ...invoice, value: 132, planAmount: 99, users: 6, connections: 3 }, { custom: true, users: 6, connections: 3 })).toBe(132);
    expect(SubscriptionBody.parse(checkoutBody(v, invoice, { custom: true, users: 4, connections: 5 }))).toMatchObject({ plan: 'custom', users: 4, connections: 5, price: 99 + 11 + 40 });
    expect(checkoutBody(v, invoice)).toMatchObject({ plan: 'basico', users: 5, connections: 2, price: 99 });
  });
});
