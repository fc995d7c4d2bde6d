/** The invoices list's display status (spec 2 "Invoices list", §4). */
import type { InvoiceView } from '@conversa/shared/schemas/billing';

export type InvoiceDisplay = 'paid' | 'overdue' | 'open';

/** 'Pago' if paid; 'Vencido' if the due date is before today and not paid; otherwise 'Em Aberto'. */
export function invoiceDisplay(inv: Pick<InvoiceView, 'status' | 'dueDate'>, today: string): InvoiceDisplay {
  if (inv.status === 'paid') return 'paid';
  return inv.dueDate < today ? 'overdue' : 'open';
}

/** The pay button shows only while not paid. */
export const canPay = (inv: Pick<InvoiceView, 'status'>): boolean => inv.status !== 'paid';

/** 'Simular pagamento': the super admin's, and only for a charge of the sandbox provider. */
export const canSimulatePayment = (isSuper: boolean, provider: 'sandbox' | 'efi'): boolean => isSuper && provider === 'sandbox';
