import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowFileView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** GET /flowbuilder/file?name=: a short-lived address of a stored flow file (the nodes' and dialogs' previews). */
export const getFlowFile = (name: string): Promise<FlowFileView> => api.get<FlowFileView>('/flowbuilder/file', { query: { name } });

// The address expires: read again after a few minutes.
export const getFlowFileQueryOptions = (name: string) => queryOptions({ queryKey: [...flowsKey, 'file', name] as const, queryFn: () => getFlowFile(name), staleTime: 4 * 60_000, meta: { silent: true } });

export const useFlowFile = (name: string | undefined) => useQuery({ ...getFlowFileQueryOptions(name ?? ''), enabled: Boolean(name) });
