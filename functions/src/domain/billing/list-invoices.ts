/**
 * GET /invoices/all (spec 2 "Invoices list", §7): the caller's company's invoices, latest due date
 * first, 20 a page by an opaque cursor (or pageNumber); searchParam matches the detail, the due date
 * (YYYY-MM-DD or DD/MM/YYYY) or the value. A company has one invoice per due date: tens at most.
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { InvoicesPage, InvoiceView } from '@conversa/shared/schemas/billing';
import { decodeCursor, encodeCursor } from '../../adapters/db/keys';
import { invoicePage, invoicesPartition, type Invoice } from '../../adapters/db/invoices';
import type { AuthContext } from '../auth/authenticate';
import { foldText } from '@conversa/shared/text';

export const toInvoiceView = (i: Invoice): InvoiceView => ({
  id: i.id,
  detail: i.detail,
  users: i.users,
  connections: i.connections,
  queues: i.queues,
  value: i.value,
  planAmount: i.planAmount ?? i.value,
  custom: i.custom ?? null,
  dueDate: i.dueDate,
  status: i.status,
  paidAt: i.paidAt ?? null,
  txid: i.txid ?? null,
  createdAt: i.createdAt,
});

export async function listInvoices(auth: AuthContext, q: { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<InvoicesPage> {
  const cid = auth.companyId;
  const limit = q.limit ?? PAGE_SIZE;
  const search = foldText(q.searchParam ?? '') || undefined;
  let after = decodeCursor(q.cursor, invoicesPartition(cid));
  const list: Invoice[] = [];
  // pageNumber without a cursor: the pages before it are read and skipped (a few dozen items at most).
  let skip = after ? 0 : ((q.pageNumber ?? 1) - 1) * limit;
  // A filtered Query may answer short pages: read on until the page is full or the partition ends.
  do {
    const page = await invoicePage(cid, { after, limit: limit + skip + 1 - list.length, search });
    for (const item of page.items) {
      if (skip > 0) skip -= 1;
      else list.push(item);
    }
    after = page.last;
  } while (after && list.length <= limit);
  // The loop stops with more than a page read, or at the partition's end.
  const hasMore = list.length > limit;
  const rows = list.slice(0, limit);
  const tail = rows.at(-1);
  return {
    list: rows.map(toInvoiceView),
    hasMore,
    ...(hasMore && tail ? { cursor: encodeCursor({ PK: invoicesPartition(cid), SK: tail.dueDate }) } : {}),
  };
}
