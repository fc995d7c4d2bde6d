import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { api } from '../../../lib/api';

/** GET /quick-messages/list → the user's own and the company-wide quick replies. */
export async function getQuickMessages(userId: number): Promise<QuickMessageView[]> {
  const answer = await api.get<QuickMessageView[] | { records?: QuickMessageView[]; quickMessages?: QuickMessageView[] }>('/quick-messages/list', { query: { userId } });
  return Array.isArray(answer) ? answer : (answer.records ?? answer.quickMessages ?? []);
}

export const getQuickMessagesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['quick-messages', 'list', userId] as const, queryFn: () => getQuickMessages(userId), staleTime: 60_000, meta: { silent: true } });

export const useQuickMessages = (userId: number, enabled: boolean) => useQuery({ ...getQuickMessagesQueryOptions(userId), enabled });
