/**
 * Invoices are issued by the tick (BEHAVIOUR.md "Billing"): INVOICE_LEAD_DAYS (10) days before a
 * company's due date — or at once for a company already closer to it, or overdue — one per due date,
 * for its plan's price. The put is conditional on the invoice's key (company + due date), so a
 * second run, or two ticks at once, issue nothing more.
 *
 * Cost: once a day (a claim item per day: `P#JOB#invoices` / date), the companies index is read
 * page by page (#2, eventually consistent: ½ RCU per 4 KB, about 0.05 RCU per company), then one
 * conditional put (1 WCU) per company within its window; plans are read once per run. A run that
 * fails gives its claim back and the next tick (a minute later) runs it again.
 */
import { COMPANY_NEVER_EXPIRES_ID } from '@conversa/shared/constants';
import { effectivePlan, type Plan } from '@conversa/shared/plans';
import { daysBetween } from '@conversa/shared/recurrence';
import { INVOICE_LEAD_DAYS } from '@conversa/shared/schemas/billing';
import type { Company } from '../../adapters/db/companies';
import { claimDailyJob, companyPages, invoiceIdOf, putInvoiceIfNew, releaseDailyJob, type Invoice } from '../../adapters/db/invoices';
import { getPlan } from '../../adapters/db/plans';
import { log } from '../../lib/log';
import { today } from '../companies/subscription';
import { foldText } from '@conversa/shared/text';

const JOB = 'invoices';

/** The due date a company should have an invoice for on `day`, if any. */
export function dueDateToInvoice(c: Pick<Company, 'id' | 'dueDate' | 'status'>, day: string): string | undefined {
  if (c.id === COMPANY_NEVER_EXPIRES_ID || !c.status || !c.dueDate) return undefined;
  return daysBetween(day, c.dueDate) <= INVOICE_LEAD_DAYS ? c.dueDate : undefined;
}


/**
 * The invoice of `dueDate` for a company on `plan` (its effective plan: a custom plan it bought is
 * charged at its price); `planAmount` is its plan's own price, the base of a custom plan's price.
 */
export function newInvoice(companyId: number, plan: Plan, dueDate: string, at: Date, planAmount = plan.amount): Invoice {
  const detail = plan.name;
  return {
    id: invoiceIdOf(dueDate),
    companyId,
    detail,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.amount,
    planAmount,
    dueDate,
    status: 'open',
    paidAt: null,
    txid: null,
    createdAt: at.toISOString(),
    searchText: foldText(`${detail} ${dueDate} ${dueDate.split('-').reverse().join('/')} ${plan.amount.toFixed(2)}`),
  };
}

/** Issues the invoices due on `now`'s day; answers how many were written. */
export async function issueInvoices(now = new Date()): Promise<number> {
  const day = today(now);
  if (!(await claimDailyJob(JOB, day, now.toISOString()))) return 0;
  try {
    return await issueFor(day, now);
  } catch (err) {
    await releaseDailyJob(JOB, day);
    throw err;
  }
}

/** One pass over the companies for `day` (the tick's run, without its daily claim). */
export async function issueFor(day: string, now: Date): Promise<number> {
  const plans = new Map<number, Promise<Plan | undefined>>();
  const planOf = (id: number) => {
    let p = plans.get(id);
    if (!p) plans.set(id, (p = getPlan(id)));
    return p;
  };
  let issued = 0;
  for await (const page of companyPages()) {
    for (const c of page) {
      const due = dueDateToInvoice(c, day);
      if (!due) continue;
      const base = await planOf(c.planId);
      if (!base) {
        log.warn('invoices: company without a plan', { companyId: c.id, planId: c.planId });
        continue;
      }
      const plan = effectivePlan(base, c.customPlan);
      // A free plan has nothing to charge (a Pix charge needs an amount).
      if (!(plan.amount > 0)) continue;
      if (await putInvoiceIfNew(newInvoice(c.id, plan, due, now, base.amount))) issued += 1;
    }
  }
  return issued;
}
