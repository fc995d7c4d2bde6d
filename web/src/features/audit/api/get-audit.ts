import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage, AuditResource } from '@conversa/shared/schemas/audit';
import { api } from '../../../lib/api';

export type AuditFilters = { from?: string; to?: string; userId?: number; resource?: AuditResource; action?: AuditAction };

/** GET /audit: the company's administrative changes, newest first, by period, user, area or action. */
export const getAudit = (filters: AuditFilters, cursor: string | undefined): Promise<AuditPage> => api.get<AuditPage>('/audit', { query: { ...filters, cursor } });

export const getAuditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });

export const useAudit = (filters: AuditFilters) => useInfiniteQuery(getAuditQueryOptions(filters));
