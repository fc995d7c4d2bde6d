/** The invoices list's display status (spec 2 "Invoices list", §4). */
export type InvoiceDisplay = 'paid' | 'overdue' | 'open';

/** 'Pago' if paid; 'Vencido' if the due date (YYYY-MM-DD) is before today and not paid; otherwise 'Em Aberto'. */
export function invoiceDisplay(inv: { status: string; dueDate: string }, today: string): InvoiceDisplay {
  if (inv.status === 'paid') return 'paid';
  return inv.dueDate < today ? 'overdue' : 'open';
}
