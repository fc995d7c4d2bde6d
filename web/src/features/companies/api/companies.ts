/** The companies and plans calls of the super admin (spec 2 §7). */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompaniesPage, CompanyDeletion, CompanyView, CreateCompanyBody, PlanBody, PlanView, UpdateCompanyBody } from '@conversa/shared/schemas/companies';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { toast } from '../../../lib/toast';
import { i18n } from '../../../lib/i18n';

export const companiesKey = ['companies'] as const;
export const plansKey = ['plans', 'admin'] as const;

type PageParam = { cursor?: string; page: number };

/** GET /companiesPlan?searchParam=&pageNumber= → companies, hasMore (the cursor when the server gives one). */
export const companiesQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...companiesKey, 'page', { searchParam }] as const,
    queryFn: ({ pageParam }) =>
      api.get<CompaniesPage>('/companiesPlan', { query: { searchParam: searchParam || undefined, cursor: pageParam.cursor, pageNumber: pageParam.cursor ? undefined : pageParam.page } }),
    initialPageParam: { page: 1 } as PageParam,
    getNextPageParam: (last, _all, p): PageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: p.page + 1 } : undefined),
    meta: { silent: true },
  });

export const useCompanies = (searchParam: string) => useInfiniteQuery(companiesQueryOptions(searchParam));

export const usePlansAdmin = () => useQuery({ queryKey: plansKey, queryFn: () => api.get<PlanView[]>('/plans') });

/** A save's failure: the spec's message (spec 2 §8), and the server's own reason when it names one. */
function saveFailed(err: unknown) {
  toast.error(i18n.t('companies.saveFailed'));
  if (isApiError(err) && err.code !== 'ERR_VALIDATION') notifyError(err);
}
function deleteFailed(err: unknown) {
  toast.error(i18n.t('companies.deleteFailed'));
  if (isApiError(err)) notifyError(err);
}

export function useSaveCompany(onSaved?: (c: CompanyView) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateCompanyBody | UpdateCompanyBody }) =>
      id === undefined ? api.post<CompanyView>('/companies', body) : api.put<CompanyView>(`/companies/${id}`, body),
    meta: { silent: true },
    onError: saveFailed,
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: companiesKey });
      void qc.invalidateQueries({ queryKey: plansKey });
      toast.success(i18n.t('companies.saved'));
      onSaved?.(c);
    },
  });
}

export function useDeleteCompany(onStarted?: (d: CompanyDeletion) => void) {
  return useMutation({
    mutationFn: (id: number) => api.delete<CompanyDeletion>(`/companies/${id}`),
    meta: { silent: true },
    onError: deleteFailed,
    onSuccess: (d) => onStarted?.(d),
  });
}

/** GET /companies/{id}/deletion every second until the job is done. */
export function useDeletionProgress(id: number | undefined) {
  return useQuery({
    queryKey: [...companiesKey, 'deletion', id],
    queryFn: () => api.get<CompanyDeletion>(`/companies/${id}/deletion`),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data?.state === 'done' ? false : 1000),
    meta: { silent: true },
  });
}

export function useSavePlan(onSaved?: (p: PlanView) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanBody }) => (id === undefined ? api.post<PlanView>('/plans', body) : api.put<PlanView>(`/plans/${id}`, body)),
    meta: { silent: true },
    onError: saveFailed,
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: plansKey });
      void qc.invalidateQueries({ queryKey: ['plans'] });
      toast.success(i18n.t('companies.plans.saved'));
      onSaved?.(p);
    },
  });
}

export function useDeletePlan(onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/plans/${id}`),
    meta: { silent: true },
    onError: deleteFailed,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: plansKey });
      toast.success(i18n.t('companies.saved'));
      onDone?.();
    },
  });
}
