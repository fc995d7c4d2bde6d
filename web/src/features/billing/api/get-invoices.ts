import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InvoicesPage } from '@conversa/shared/schemas/billing';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 2 §7 pageNumber). */
export type InvoicesPageParam = { cursor?: string; page: number };

/** GET /invoices/all?searchParam=&pageNumber= → list, hasMore (spec 2 §7). */
export const getInvoices = (searchParam: string, param: InvoicesPageParam): Promise<InvoicesPage> =>
  api.get<InvoicesPage>('/invoices/all', {
    query: { searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page },
  });

/** Every invoices list, whatever the search: what a payment makes read again. */
export const invoicesKey = ['invoices'] as const;

export const getInvoicesQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...invoicesKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getInvoices(searchParam, pageParam),
    initialPageParam: { page: 1 } as InvoicesPageParam,
    getNextPageParam: (last, _all, lastParam): InvoicesPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useInvoices = (searchParam: string) => useInfiniteQuery(getInvoicesQueryOptions(searchParam));
