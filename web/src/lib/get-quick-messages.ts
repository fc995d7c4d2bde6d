import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { api } from './api';

/** The list as the server answers it: an array, or a page object holding one. */
type ListAnswer = QuickMessageView[] | { items?: QuickMessageView[]; records?: QuickMessageView[]; quickMessages?: QuickMessageView[] };

export function toQuickMessageList(body: ListAnswer): QuickMessageView[] {
  if (Array.isArray(body)) return body;
  return body.items ?? body.records ?? body.quickMessages ?? [];
}

/**
 * GET /quick-messages/list (spec 3 §7): the caller's own replies and the company-wide ones, for the
 * /quick-messages page and the chat input's '/' suggestions. A company holds tens to a few
 * hundred, so both search them in memory.
 */
export const getQuickMessages = async (): Promise<QuickMessageView[]> => toQuickMessageList(await api.get<ListAnswer>('/quick-messages/list'));

export const quickMessagesKey = ['quick-messages', 'list'] as const;

export const getQuickMessagesQueryOptions = () => queryOptions({ queryKey: quickMessagesKey, queryFn: getQuickMessages });

export const useQuickMessages = () => useQuery(getQuickMessagesQueryOptions());
