import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowDocumentView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';
import { flowsKey } from '../../../lib/get-flows';

/** GET /flowbuilder/flow/{id}: the name and the graph (null for a flow never saved). */
export const getFlowDocument = (id: number): Promise<FlowDocumentView> => api.get<FlowDocumentView>(`/flowbuilder/flow/${id}`);

export const flowDocumentKey = (id: number) => [...flowsKey, 'document', id] as const;

// The editor owns the graph once loaded: no background refetch may replace what is being drawn.
export const getFlowDocumentQueryOptions = (id: number) => queryOptions({ queryKey: flowDocumentKey(id), queryFn: () => getFlowDocument(id), staleTime: Infinity, gcTime: 0 });

export const useFlowDocument = (id: number, enabled: boolean) => useQuery({ ...getFlowDocumentQueryOptions(id), enabled });
