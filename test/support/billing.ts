/** Billing helpers of the system tests: due dates, the tick's invoice run, the sandbox's charges. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDaysTo } from '@conversa/shared/recurrence';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { getInvoice, invoiceIdOf } from '../../functions/src/adapters/db/invoices';
import { INVOICE_LEAD_DAYS } from '@conversa/shared/schemas/billing';
import { issueFor } from '../../functions/src/domain/billing/issue-invoices';
import { today } from '../../functions/src/domain/companies/subscription';
import { signedIn } from './api';

/** Sets a company's due date (`days` from today: negative = overdue). Answers the date. */
export async function setDueDate(companyId: number, days: number): Promise<string> {
  const date = addDaysTo(today(), days);
  await db().send(new UpdateCommand({ TableName: table(), Key: keys.company(companyId), UpdateExpression: 'SET dueDate = :d', ExpressionAttributeValues: { ':d': date } }));
  return date;
}

export async function companyDueDate(companyId: number): Promise<string | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: keys.company(companyId), ConsistentRead: true }));
  return (out.Item?.dueDate as string | null | undefined) ?? null;
}

/**
 * The tick's invoice pass (without its once-a-day claim) as of today, or as of 10 days before
 * `dueDate` when that is later; answers the company's invoice for `dueDate`.
 */
export async function issueInvoicesNow(companyId: number, dueDate: string) {
  const lead = addDaysTo(dueDate, -INVOICE_LEAD_DAYS);
  await issueFor(lead > today() ? lead : today(), new Date());
  const inv = await getInvoice(companyId, invoiceIdOf(dueDate), true);
  if (!inv) throw new Error(`no invoice was issued for company ${companyId} due ${dueDate}`);
  return inv;
}

/** The sandbox charge as stored (what `readCharge` answers from). */
export const sandboxChargeKey = (txid: string) => ({ PK: `P#SANDBOXPIX#${txid}`, SK: 'CHARGE' });

/** A charge 'paid' with another amount than it asked (what a PSP's mismatch looks like). */
export async function concludeSandboxCharge(txid: string, paidAmount: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: sandboxChargeKey(txid),
      UpdateExpression: 'SET #s = :done, paidAmount = :p, endToEndId = :e',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':done': 'CONCLUIDA', ':p': paidAmount, ':e': `E00000000${Date.now()}mismatch` },
    }),
  );
}

/** The platform's super admin (company 1), signed in through the API. */
export const superAdmin = () => signedIn('admin@conversa.local');

/** The webhook's path with the stack's secret (or another token). */
export const webhookPath = (token = process.env.PAYMENT_WEBHOOK_SECRET!) => `/webhooks/pix/${encodeURIComponent(token)}`;
