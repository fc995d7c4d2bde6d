import { describe, expect, it } from 'vitest';
import { invoiceDisplay } from '@conversa/shared/invoices';
import { canPay, canSimulatePayment } from './invoice-status';

describe('invoice display status', () => {
  it("is 'Pago' when paid, whatever the date; 'Vencido' only strictly before today; else 'Em Aberto'", () => {
    expect(invoiceDisplay({ status: 'paid', dueDate: '2020-01-01' }, '2026-11-26')).toBe('paid');
    expect(invoiceDisplay({ status: 'open', dueDate: '2026-11-25' }, '2026-11-26')).toBe('overdue');
    expect(invoiceDisplay({ status: 'open', dueDate: '2026-11-26' }, '2026-11-26')).toBe('open');
    expect(invoiceDisplay({ status: 'open', dueDate: '2026-12-06' }, '2026-11-26')).toBe('open');
  });

  it('offers to pay only what is not paid', () => {
    expect(canPay({ status: 'open' })).toBe(true);
    expect(canPay({ status: 'paid' })).toBe(false);
  });
});

describe("'Simular pagamento'", () => {
  it('shows only to the super admin, and only with the sandbox provider', () => {
    expect(canSimulatePayment(true, 'sandbox')).toBe(true);
    expect(canSimulatePayment(false, 'sandbox')).toBe(false);
    expect(canSimulatePayment(true, 'efi')).toBe(false);
  });
});
