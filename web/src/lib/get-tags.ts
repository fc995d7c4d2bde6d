import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagView } from '@conversa/shared/schemas/tickets';
import { api } from './api';

export type TagOption = TagView & { kanban: number };

/**
 * GET /tags/list: the company's tags, every user's (the tags editor, the tickets search filter,
 * tickets by tag); `kanban` 1 the lanes only (the Active campaigns list), 0 the plain tags only.
 */
export const getTags = (kanban?: 0 | 1): Promise<TagOption[]> => api.get<TagOption[]>('/tags/list', { query: { kanban } });

export const getTagsQueryOptions = (kanban?: 0 | 1) =>
  queryOptions({ queryKey: ['tags', 'list', ...(kanban === undefined ? [] : [{ kanban }])] as const, queryFn: () => getTags(kanban), staleTime: 60_000 });

export const useTags = (enabled = true, kanban?: 0 | 1) => useQuery({ ...getTagsQueryOptions(kanban), enabled });
