/**
 * GET /flowbuilder: every flow of the company (spec 3 §7 "Flows"), read page after page while the
 * server says there is more. Shared: the flow list, the connection modal's flow triggers and the
 * queue modal's flow pick it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowsPage, FlowView } from '@conversa/shared/schemas/flows';
import { api } from './api';

const MAX_PAGES = 100;

export async function getFlows(): Promise<FlowView[]> {
  const flows: FlowView[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await api.get<FlowsPage>('/flowbuilder', { query: { pageNumber } });
    flows.push(...page.flows);
    if (!page.hasMore) break;
  }
  return flows;
}

/** Every flows query: what a flow's change reads again. */
export const flowsKey = ['flows'] as const;
export const flowsListKey = [...flowsKey, 'list'] as const;

export const getFlowsQueryOptions = () => queryOptions({ queryKey: flowsListKey, queryFn: getFlows });

export const useFlows = (enabled = true) => useQuery({ ...getFlowsQueryOptions(), enabled });
