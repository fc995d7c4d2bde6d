/** The invoices list's actions (the display status is shared/src/invoices.ts). */
import type { InvoiceView } from '@conversa/shared/schemas/billing';

/** The pay button shows only while not paid. */
export const canPay = (inv: Pick<InvoiceView, 'status'>): boolean => inv.status !== 'paid';

/** 'Simular pagamento': the super admin's, and only for a charge of the sandbox provider. */
export const canSimulatePayment = (isSuper: boolean, provider: 'sandbox' | 'efi'): boolean => isSuper && provider === 'sandbox';
