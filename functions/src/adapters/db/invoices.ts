/**
 * Invoices and their Pix charges (ACCESS_PATTERNS.md #83–#87).
 *
 * - Invoice: `C#<cid>#INVOICES` / `<dueDate>`; one per due date because the tick's put is
 *   conditional on the key (`attribute_not_exists`), and its id is the due date's digits.
 * - The charge's txid → company and invoice: `P#PIXTXID#<txid>` / `TXID`, put (conditional) before
 *   the charge is made, so a webhook names a company only through it.
 * - Paying: one transaction — the invoice (open → paid), the company's due date (conditional on
 *   the date read) and the audit entry.
 * - The tick's daily claim of a job: `P#JOB#<job>` / `<YYYY-MM-DD>`.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '@conversa/shared/schemas/audit';
import type { InvoiceView } from '@conversa/shared/schemas/billing';
import { auditEntryPut } from './audit-log';
import { db, table } from './client';
import type { Company } from './companies';
import { fromItem, keys } from './keys';

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An invoice as stored: its view, its company, and its current charge. */
export type Invoice = InvoiceView & {
  companyId: number;
  /** Folded detail, due date and value: what searchParam matches. */
  searchText: string;
  /** `custom` is what the charge buys: a custom plan (spec 2 §9), or null for the invoice's plan. */
  charge?: { provider: 'sandbox' | 'efi'; amount: string; brCode: string; paymentUrl: string; expiresAt: string; custom?: Purchase | null };
  paidTxid?: string;
  endToEndId?: string;
};

/** A custom plan a charge buys: its counters and value (reais). */
export type Purchase = { users: number; connections: number; value: number };

/** `custom`: what this txid buys when it is not the invoice's own plan (immutable, like the rest). */
export type TxidRef = { txid: string; companyId: number; invoiceId: number; amount: string; provider: 'sandbox' | 'efi'; createdAt: string; custom?: Purchase | null };

export const invoicesPartition = (cid: number) => `C#${cid}#INVOICES`;
const invoiceKey = (cid: number, dueDate: string) => ({ PK: invoicesPartition(cid), SK: dueDate });
const txidKey = (txid: string) => ({ PK: `P#PIXTXID#${txid}`, SK: 'TXID' });
const jobKey = (job: string, day: string) => ({ PK: `P#JOB#${job}`, SK: day });

/** 2026-12-31 → 20261231. */
export const invoiceIdOf = (dueDate: string): number => Number(dueDate.replace(/-/g, ''));
/** 20261231 → 2026-12-31; undefined for a number that names no date. */
export function dueDateOfId(id: number): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(String(id));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

const toInvoice = (item: Record<string, unknown>): Invoice => fromItem(item) as Invoice;

/** Issues an invoice unless its due date already has one; true when this call wrote it. */
export async function putInvoiceIfNew(inv: Invoice): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: { ...invoiceKey(inv.companyId, inv.dueDate), entity: 'invoice', ...inv }, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function getInvoice(cid: number, id: number, consistent = false): Promise<Invoice | undefined> {
  const dueDate = dueDateOfId(id);
  if (!dueDate) return undefined;
  const out = await db().send(new GetCommand({ TableName: table(), Key: invoiceKey(cid, dueDate), ConsistentRead: consistent }));
  return out.Item ? toInvoice(out.Item) : undefined;
}

/** A page of the company's invoices, latest due date first; `search` filters on the folded text. */
export async function invoicePage(cid: number, o: { after?: Record<string, unknown>; limit: number; search?: string }): Promise<{ items: Invoice[]; last?: Record<string, unknown> }> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ...(o.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ExpressionAttributeValues: { ':pk': invoicesPartition(cid), ...(o.search ? { ':q': o.search } : {}) },
      ScanIndexForward: false,
      ExclusiveStartKey: o.after,
      Limit: o.limit,
    }),
  );
  return { items: (out.Items ?? []).map(toInvoice), last: out.LastEvaluatedKey };
}

/** Records which company and invoice a txid pays, before the charge exists at the provider. */
export async function putTxidRef(ref: TxidRef): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...txidKey(ref.txid), entity: 'pixTxid', ...ref }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

export async function getTxidRef(txid: string): Promise<TxidRef | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: txidKey(txid), ConsistentRead: true }));
  return out.Item ? (fromItem(out.Item) as TxidRef) : undefined;
}

/**
 * Makes `charge` the invoice's current one, if the invoice is still open and its charge is still
 * the one read (`previousTxid`): two checkouts at once keep one charge on the invoice. The
 * invoice's `custom` becomes what the charge buys (a custom plan, or null: the invoice's plan).
 */
export async function attachCharge(inv: Invoice, txid: string, charge: NonNullable<Invoice['charge']>, previousTxid: string | null): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: invoiceKey(inv.companyId, inv.dueDate),
        UpdateExpression: 'SET txid = :t, charge = :c, custom = :cu',
        ConditionExpression: `#s = :open AND ${previousTxid ? 'txid = :prev' : '(attribute_not_exists(txid) OR txid = :null)'}`,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':t': txid, ':c': charge, ':cu': charge.custom ?? null, ':open': 'open', ...(previousTxid ? { ':prev': previousTxid } : { ':null': null }) },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export type PayWrite = {
  invoice: Invoice;
  txid: string;
  endToEndId: string;
  paidAt: string;
  company: Pick<Company, 'id' | 'dueDate' | 'planId'>;
  nextDueDate: string;
  /** A custom plan the payment bought: the invoice records it and the company gets its limits. */
  custom?: Purchase | null;
  audit: AuditEntry;
};

/**
 * The payment's one transaction: the invoice open → paid, the company's due date moved from the
 * date read, the audit entry. A custom plan paid for (`custom`) is recorded on the invoice (its
 * users, connections and value become what was paid) and becomes the company's `customPlan` on the
 * plan read (conditional on it: a plan changed meanwhile is read again). 'paid' when written;
 * 'already-paid' when the invoice was paid first; 'company-changed' when the due date or the plan
 * moved meanwhile (read again and retry).
 */
export async function payInvoice(w: PayWrite): Promise<'paid' | 'already-paid' | 'company-changed'> {
  const custom = w.custom ?? null;
  const bought = custom ? { planId: w.company.planId, users: custom.users, connections: custom.connections, amount: custom.value } : undefined;
  const dueCondition = w.company.dueDate === null ? 'attribute_exists(PK) AND (attribute_not_exists(dueDate) OR dueDate = :null)' : 'dueDate = :cur';
  const items: TxItem[] = [
    {
      Update: {
        TableName: table(),
        Key: invoiceKey(w.invoice.companyId, w.invoice.dueDate),
        UpdateExpression: `SET #s = :paid, paidAt = :at, paidTxid = :t, endToEndId = :e, custom = :cu${custom ? ', #v = :v, #u = :u, #c = :c' : ''}`,
        ConditionExpression: '#s = :open',
        ExpressionAttributeNames: { '#s': 'status', ...(custom ? { '#v': 'value', '#u': 'users', '#c': 'connections' } : {}) },
        ExpressionAttributeValues: {
          ':paid': 'paid', ':open': 'open', ':at': w.paidAt, ':t': w.txid, ':e': w.endToEndId, ':cu': custom,
          ...(custom ? { ':v': custom.value, ':u': custom.users, ':c': custom.connections } : {}),
        },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: keys.company(w.company.id),
        // A new revision: a super admin's edit read before the payment is refused (companies.ts saveCompany), never writes the old due date back.
        UpdateExpression: `SET dueDate = :next${bought ? ', customPlan = :cp' : ''} ADD rev :one`,
        ConditionExpression: bought ? `${dueCondition} AND planId = :pid` : dueCondition,
        ExpressionAttributeValues: {
          ':next': w.nextDueDate, ':one': 1,
          ...(w.company.dueDate === null ? { ':null': null } : { ':cur': w.company.dueDate }),
          ...(bought ? { ':cp': bought, ':pid': bought.planId } : {}),
        },
      },
    },
    { Put: auditEntryPut(w.invoice.companyId, w.audit) },
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return 'paid';
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const failed = (err.CancellationReasons ?? []).map((r) => r.Code === 'ConditionalCheckFailed');
    if (failed[0]) return 'already-paid';
    if (failed[1]) return 'company-changed';
    throw err;
  }
}

/** Claims a daily job for `day`: false when another tick already has it. */
export async function claimDailyJob(job: string, day: string, at: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...jobKey(job, day), entity: 'job', at, expiresAt: Math.floor(Date.parse(at) / 1000) + 7 * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Gives a failed run's claim back, so the next tick runs the job again. */
export async function releaseDailyJob(job: string, day: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: jobKey(job, day) }));
}

/** Every company, a page at a time, from the companies index (#2): for the tick only, never a request. */
export async function* companyPages(pageSize = 200): AsyncGenerator<Company[]> {
  let after: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': 'P#COMPANIES' }, ExclusiveStartKey: after, Limit: pageSize }),
    );
    yield (out.Items ?? []).map((i) => fromItem(i) as Company);
    after = out.LastEvaluatedKey;
  } while (after);
}
