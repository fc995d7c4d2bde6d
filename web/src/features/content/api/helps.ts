import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpView } from '@conversa/shared/schemas/helps';
import { api } from '../../../lib/api';

/** GET /helps/list (every signed-in user): the platform's help entries. */
export const getHelps = (): Promise<HelpView[]> => api.get<HelpView[]>('/helps/list');

export const helpsKey = ['helps'] as const;
/** Silent: the screens show the spec's own 'Não foi possível carregar a lista de registros'. */
export const getHelpsQueryOptions = () => queryOptions({ queryKey: helpsKey, queryFn: getHelps, meta: { silent: true } });
export const useHelps = () => useQuery(getHelpsQueryOptions());

export type HelpInput = { title: string; description: string; video: string };

/** POST /helps, or PUT /helps/{id} (super). */
export const saveHelp = ({ id, body }: { id?: number; body: HelpInput }): Promise<HelpView> =>
  id === undefined ? api.post<HelpView>('/helps', body) : api.put<HelpView>(`/helps/${id}`, body);

/** DELETE /helps/{id} (super). */
export const deleteHelp = (id: number): Promise<void> => api.delete<void>(`/helps/${id}`);

/** Silent: the Help tab shows the spec's own failure texts. */
export function useSaveHelp(options: { onSuccess?: (h: HelpView, created: boolean) => void; onError?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveHelp,
    meta: { silent: true },
    onSuccess: async (h, v) => {
      await qc.invalidateQueries({ queryKey: helpsKey });
      options.onSuccess?.(h, v.id === undefined);
    },
    onError: options.onError,
  });
}

export function useDeleteHelp(options: { onSuccess?: () => void; onError?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteHelp,
    meta: { silent: true },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: helpsKey });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
