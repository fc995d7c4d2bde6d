/**
 * POST /subscription (spec 2 "Checkout wizard", §3 Subscription payload): the Pix charge of one of
 * the caller's company's open invoices. The amount is the invoice's value as stored, or for a
 * custom plan (`plan` 'custom', spec 2 §9) the price computed here from the company's plan as
 * stored and the counters (each at least 3) — never the client's `price`. An unexpired charge of
 * the same invoice buying the same thing (same amount, same counters, same provider) is answered
 * again instead of a second one; otherwise the new charge replaces it on the invoice. The txid →
 * invoice item, with what the txid buys, is written before the charge exists, so a payment can
 * always be traced to its company, invoice and purchase.
 */
import { randomBytes } from 'node:crypto';
import { CUSTOM_PLAN, customPlanPrice } from '@conversa/shared/plans';
import { CUSTOM_PLAN_CHOICE, PIX_CHARGE_SECONDS, type SubscriptionAnswer, type SubscriptionBody } from '@conversa/shared/schemas/billing';
import { getCompany } from '../../adapters/db/companies';
import { attachCharge, getInvoice, putTxidRef, type Invoice, type Purchase } from '../../adapters/db/invoices';
import { getPlan } from '../../adapters/db/plans';
import { paymentProvider } from '../../adapters/payments/provider';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

/** A charge that stays payable for less than this is not handed out again. */
const REUSE_MARGIN_MS = 60_000;
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Pix txid: 32 letters and digits (the Pix API allows 26 to 35). */
export function newTxid(): string {
  return [...randomBytes(32)].map((b) => ALPHANUM[b % ALPHANUM.length]).join('');
}

const answer = (inv: Invoice): SubscriptionAnswer => ({
  qrcode: { qrcode: inv.charge!.brCode },
  valor: { original: inv.charge!.amount },
  urlMcPg: inv.charge!.paymentUrl,
  txid: inv.txid!,
  expiresAt: inv.charge!.expiresAt,
  provider: inv.charge!.provider,
});

const samePurchase = (a: Purchase | null | undefined, b: Purchase | null): boolean =>
  (a ?? null) === null ? b === null : b !== null && a!.users === b.users && a!.connections === b.connections && a!.value === b.value;

const reusable = (inv: Invoice, amount: string, custom: Purchase | null, provider: string, now: Date): boolean =>
  Boolean(
    inv.txid && inv.charge && inv.charge.amount === amount && samePurchase(inv.charge.custom, custom) && inv.charge.provider === provider && Date.parse(inv.charge.expiresAt) - now.getTime() > REUSE_MARGIN_MS,
  );

/**
 * The custom plan a checkout asks for, priced from the company's plan as stored (its own price,
 * not a custom price it bought before); null for the invoice's plan.
 */
export async function customPurchase(companyId: number, body: Pick<SubscriptionBody, 'plan' | 'users' | 'connections'>): Promise<Purchase | null> {
  if (body.plan !== CUSTOM_PLAN_CHOICE) return null;
  const { users, connections } = body;
  if (users === undefined || connections === undefined || users < CUSTOM_PLAN.min || connections < CUSTOM_PLAN.min) throw new AppError('ERR_CUSTOM_PLAN_MINIMUM');
  const company = await getCompany(companyId, true);
  const plan = company && (await getPlan(company.planId));
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return { users, connections, value: customPlanPrice(plan.amount, users, connections) };
}

export async function subscribe(auth: AuthContext, body: SubscriptionBody, now = new Date()): Promise<SubscriptionAnswer> {
  const inv = await getInvoice(auth.companyId, body.invoiceId, true);
  if (!inv) throw new AppError('ERR_NO_INVOICE_FOUND');
  if (inv.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
  const custom = await customPurchase(auth.companyId, body);
  const provider = paymentProvider();
  const amount = (custom?.value ?? inv.value).toFixed(2);
  if (reusable(inv, amount, custom, provider.name, now)) return answer(inv);

  const txid = newTxid();
  await putTxidRef({ txid, companyId: auth.companyId, invoiceId: inv.id, amount, provider: provider.name, createdAt: now.toISOString(), custom });
  const payer = [body.firstName, body.lastName].filter(Boolean).join(' ').slice(0, 200);
  let charge;
  try {
    charge = await provider.createCharge({ txid, amount, description: `Fatura ${inv.id} - ${custom ? `${inv.detail.replace(/ personalizado$/, '')} personalizado (${custom.users}/${custom.connections})` : inv.detail}`.slice(0, 140), expiresInSeconds: PIX_CHARGE_SECONDS, payer: { name: payer } });
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error('payments: charge failed', { companyId: auth.companyId, invoiceId: inv.id, provider: provider.name, err: String(err) });
    throw new AppError('ERR_PAYMENT_PROVIDER');
  }
  const stored = { provider: provider.name, amount: charge.amount, brCode: charge.brCode, paymentUrl: charge.paymentUrl, expiresAt: charge.expiresAt, custom };
  if (!(await attachCharge(inv, txid, stored, inv.txid ?? null))) {
    // Another checkout of this invoice won, or it was paid meanwhile: answer what the invoice holds.
    const fresh = await getInvoice(auth.companyId, inv.id, true);
    if (fresh?.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
    if (fresh?.txid && fresh.charge) return answer(fresh);
    throw new AppError('ERR_CONFLICT');
  }
  await recordAudit(auth, { action: 'invoice.charge', target: { id: inv.id, name: inv.detail }, before: inv.charge ? { txid: inv.txid, amount: inv.charge.amount, custom: inv.charge.custom ?? null } : undefined, after: { txid, amount, provider: provider.name, dueDate: inv.dueDate, custom } });
  return answer({ ...inv, txid, charge: stored });
}
