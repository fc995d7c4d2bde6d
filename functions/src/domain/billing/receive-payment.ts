/**
 * The payment webhook (BEHAVIOUR.md "Billing"): `POST /webhooks/pix/{token}` with the PSP's
 * `{ pix: [{ endToEndId, txid, valor, horario, … }] }`. Authenticated by the secret path segment
 * (constant-time comparison). For each notice: the txid's item names the company and the invoice
 * (#84: a txid of another company's invoice can only pay that invoice); the charge is read back
 * from the provider and must be CONCLUIDA for exactly the invoice's value (or, for a txid that buys
 * a custom plan, the price the checkout computed and stored with the txid); then one transaction
 * pays the invoice (only if still open), moves the company's due date by its recurrence from the
 * current one, gives the company a custom plan's limits, and records the audit entry; then `company-{id}-payment` carries CONCLUIDA.
 * A repeated notice finds the invoice paid and changes nothing; a wrong amount pays nothing and is
 * logged and audited.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { nextDueDate } from '@conversa/shared/recurrence';
import type { PixNotice, PixWebhookBody } from '@conversa/shared/schemas/billing';
import { getCompany } from '../../adapters/db/companies';
import { getInvoice, getTxidRef, payInvoice } from '../../adapters/db/invoices';
import { paymentWebhookSecret } from '../../adapters/secrets';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import { auditEntry, recordAudit, type Actor } from '../audit/record-audit';
import { forgetCompany } from '../auth/authenticate';
import { today } from '../companies/subscription';
import { emit } from '../events/dispatch';
import { paymentProvider } from '../../adapters/payments/provider';

export type Outcome = 'paid' | 'already-paid' | 'unknown-txid' | 'not-concluded' | 'amount-mismatch';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The path's secret against ours, in constant time (digests: equal lengths whatever was sent). */
export async function checkWebhookToken(token: string): Promise<void> {
  if (!timingSafeEqual(digest(token), digest(await paymentWebhookSecret()))) throw new AppError('ERR_WEBHOOK_UNAUTHORIZED');
}

/** The platform as the author of a payment's audit entry: the provider's webhook, no user. */
const providerActor = (companyId: number, provider: string): Actor => ({ companyId, userId: 0, user: { name: `Pix (${provider})` } });

/** Settles one paid charge; answers what happened (nothing is thrown for a notice that pays nothing). */
export async function settleCharge(txid: string, now = new Date()): Promise<Outcome> {
  const ref = await getTxidRef(txid);
  if (!ref) {
    log.warn('pix webhook: unknown txid', { txid });
    return 'unknown-txid';
  }
  const provider = paymentProvider();
  let charge;
  try {
    charge = await provider.readCharge(txid);
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_NO_CHARGE_FOUND') {
      log.warn('pix webhook: the provider has no such charge', { txid, companyId: ref.companyId });
      return 'not-concluded';
    }
    throw err;
  }
  if (charge.status !== 'CONCLUIDA') return 'not-concluded';
  const cid = ref.companyId;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [invoice, company] = await Promise.all([getInvoice(cid, ref.invoiceId, true), getCompany(cid, true)]);
    if (!invoice || !company) return 'unknown-txid';
    if (invoice.status === 'paid') return 'already-paid';
    const paid = charge.paidAmount ?? charge.amount;
    const actor = providerActor(cid, provider.name);
    // What this txid buys (written before its charge): the invoice's plan, or a custom plan at the server's price.
    const custom = ref.custom ?? null;
    const expected = (custom?.value ?? invoice.value).toFixed(2);
    if (paid !== expected) {
      log.error('pix webhook: amount differs from the invoice; nothing paid', { txid, companyId: cid, invoiceId: invoice.id, paid, expected });
      await recordAudit(actor, { action: 'invoice.paymentRefused', target: { id: invoice.id, name: invoice.detail }, after: { txid, paid, expected } });
      return 'amount-mismatch';
    }
    const from = company.dueDate ?? invoice.dueDate;
    const next = nextDueDate(from, company.recurrence ?? 'MENSAL');
    const endToEndId = charge.endToEndId ?? '';
    const plan = custom ? { before: { customPlan: company.customPlan ?? null }, after: { customPlan: { planId: company.planId, users: custom.users, connections: custom.connections, amount: custom.value } } } : { before: {}, after: {} };
    const audit = auditEntry(actor, { action: 'invoice.pay', target: { id: invoice.id, name: invoice.detail }, before: { invoice: 'open', dueDate: from, ...plan.before }, after: { invoice: 'paid', dueDate: next, txid, endToEndId, paid, ...plan.after } }, now)!;
    const outcome = await payInvoice({ invoice, txid, endToEndId, paidAt: now.toISOString(), company, nextDueDate: next, custom, audit });
    if (outcome === 'company-changed') continue;
    if (outcome === 'already-paid') return 'already-paid';
    // This container's callers see the new due date at once; others re-read an overdue company (authenticate.ts).
    forgetCompany(cid);
    try {
      await emit({ type: 'invoice.paid', companyId: cid, invoiceId: invoice.id }, { payment: { action: 'CONCLUIDA', invoiceId: invoice.id, txid, valor: paid, dueDate: next } });
    } catch (err) {
      // The payment stands; a screen that missed the event sees it on its next read.
      log.error('pix webhook: the payment event was not delivered', { companyId: cid, invoiceId: invoice.id, err: String(err) });
    }
    log.info('pix webhook: invoice paid', { companyId: cid, invoiceId: invoice.id, dueDate: next, overdueBefore: from < today(now) });
    return 'paid';
  }
  throw new AppError('ERR_CONFLICT');
}

/** The notices of one webhook call, each settled on its own (one unknown txid does not stop the others). */
export async function receivePixNotices(notices: readonly PixNotice[], now = new Date()): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { paid: 0, 'already-paid': 0, 'unknown-txid': 0, 'not-concluded': 0, 'amount-mismatch': 0 };
  for (const n of notices) {
    if (!n.txid) {
      // A Pix to the key without a charge (no txid) pays no invoice.
      counts['unknown-txid'] += 1;
      continue;
    }
    counts[await settleCharge(n.txid, now)] += 1;
  }
  return counts;
}

/** POST /webhooks/pix/{token}. */
export async function receivePixWebhook(token: string, body: PixWebhookBody): Promise<Record<Outcome, number>> {
  await checkWebhookToken(token);
  return receivePixNotices(body.pix ?? []);
}
