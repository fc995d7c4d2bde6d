import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxOutboxItem, SandboxReadReceipt } from '@conversa/shared/schemas/sandbox';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

export type OutboxAnswer = { items: SandboxOutboxItem[]; reads: SandboxReadReceipt[]; available: boolean };

/** GET /sandbox/{id}/outbox: what the sandbox "phone" received. A 404 means the route is not there (yet). */
export async function getSandboxOutbox(id: number): Promise<OutboxAnswer> {
  try {
    const r = await api.get<SandboxOutboxItem[] | { items: SandboxOutboxItem[]; reads?: SandboxReadReceipt[] }>(`/sandbox/${id}/outbox`);
    return Array.isArray(r) ? { items: r, reads: [], available: true } : { items: r.items, reads: r.reads ?? [], available: true };
  } catch (err) {
    if (isApiError(err) && err.status === 404 && err.code !== 'ERR_NO_WAPP_FOUND') return { items: [], reads: [], available: false };
    throw err;
  }
}

export const sandboxOutboxKey = (id: number) => ['connections', 'sandbox-outbox', id] as const;

/** No event tells the page about the phone's messages: read again every few seconds while open. */
export const OUTBOX_REFRESH_MS = 3000;

export const getSandboxOutboxQueryOptions = (id: number) =>
  queryOptions({
    queryKey: sandboxOutboxKey(id),
    queryFn: () => getSandboxOutbox(id),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.available === false ? false : OUTBOX_REFRESH_MS),
  });

export const useSandboxOutbox = (id: number | undefined) => useQuery({ ...getSandboxOutboxQueryOptions(id ?? 0), enabled: id !== undefined });
