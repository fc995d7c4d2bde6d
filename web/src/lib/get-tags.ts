/**
 * GET /tags/list: the company's tags as pickers show them (the tickets' tags editor and search
 * filter: every tag; the kanban board: `kanban` 1, its lanes). Shared: two features read it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagView } from '@conversa/shared/schemas/tickets';
import { api } from './api';

export type TagOption = TagView & { kanban?: number };

export const getTags = (kanban?: 0 | 1): Promise<TagOption[]> => api.get<TagOption[]>('/tags/list', { query: { kanban } });

/** Every tag list: what a tag's change reads again. */
export const tagListsKey = ['tags', 'list'] as const;

export const getTagsQueryOptions = (kanban?: 0 | 1) => queryOptions({ queryKey: [...tagListsKey, { kanban }] as const, queryFn: () => getTags(kanban), staleTime: 60_000 });

export const useTags = (enabled = true, kanban?: 0 | 1) => useQuery({ ...getTagsQueryOptions(kanban), enabled });
