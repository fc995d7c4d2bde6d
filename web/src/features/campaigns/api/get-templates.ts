import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsappTemplateView } from '@conversa/shared/schemas/campaigns';
import { api } from '../../../lib/api';

/** GET /campaigns/templates?whatsappId= → the Cloud API connection's approved templates (from the Graph API). */
export const getTemplates = (whatsappId: number): Promise<WhatsappTemplateView[]> => api.get<WhatsappTemplateView[]>('/campaigns/templates', { query: { whatsappId } });

export const getTemplatesQueryOptions = (whatsappId: number) => queryOptions({ queryKey: ['campaignTemplates', whatsappId] as const, queryFn: () => getTemplates(whatsappId), staleTime: 60_000 });

/** Asked only for a Cloud API connection (`whatsappId` undefined otherwise). */
export const useTemplates = (whatsappId: number | undefined) => useQuery({ ...getTemplatesQueryOptions(whatsappId ?? 0), enabled: whatsappId !== undefined });
