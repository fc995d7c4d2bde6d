import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowTriggerBody, FlowTriggerView } from '@conversa/shared/schemas/flows';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

type Body = z.infer<typeof FlowTriggerBody>;

/** GET /flowcampaign: the company's phrase triggers. */
export const getFlowTriggers = (): Promise<FlowTriggerView[]> => api.get<{ flowCampaigns: FlowTriggerView[] }>('/flowcampaign').then((r) => r.flowCampaigns);
export const flowTriggersKey = [...flowsKey, 'triggers'] as const;
export const getFlowTriggersQueryOptions = () => queryOptions({ queryKey: flowTriggersKey, queryFn: getFlowTriggers });
export const useFlowTriggers = () => useQuery(getFlowTriggersQueryOptions());

/** POST /flowcampaign or PUT /flowcampaign/{id}. */
export const saveFlowTrigger = ({ id, body }: { id?: number; body: Body }): Promise<FlowTriggerView> =>
  id === undefined ? api.post<FlowTriggerView>('/flowcampaign', body) : api.put<FlowTriggerView>(`/flowcampaign/${id}`, body);

/** DELETE /flowcampaign/{id}. */
export const deleteFlowTrigger = (id: number): Promise<void> => api.delete<void>(`/flowcampaign/${id}`);

export function useSaveFlowTrigger(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveFlowTrigger, onSuccess: () => (void qc.invalidateQueries({ queryKey: flowTriggersKey }), options.onSuccess?.()) });
}

export function useDeleteFlowTrigger(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteFlowTrigger, onSuccess: () => (void qc.invalidateQueries({ queryKey: flowTriggersKey }), options.onSuccess?.()) });
}
