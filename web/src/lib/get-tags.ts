/**
 * GET /tags/list: the company's tags as pickers show them (the tickets' tags editor and search
 * filter, tickets by tag: every tag; the kanban board and the Active campaigns list: `kanban` 1,
 * the lanes; 0 the plain tags only). Shared: several features read it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagView } from '@conversa/shared/schemas/tickets';
import { api } from './api';

export type TagOption = TagView & { kanban: number };

export const getTags = (kanban?: 0 | 1): Promise<TagOption[]> => api.get<TagOption[]>('/tags/list', { query: { kanban } });

/** Every tag list: what a tag's change reads again. */
export const tagListsKey = ['tags', 'list'] as const;

export const getTagsQueryOptions = (kanban?: 0 | 1) => queryOptions({ queryKey: [...tagListsKey, { kanban }] as const, queryFn: () => getTags(kanban), staleTime: 60_000 });

export const useTags = (enabled = true, kanban?: 0 | 1) => useQuery({ ...getTagsQueryOptions(kanban), enabled });
