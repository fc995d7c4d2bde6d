import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';

/** GET /tags/list: the company's tags (tags editor, search filter). */
export const getTags = (): Promise<TagView[]> => api.get<TagView[]>('/tags/list');

export const getTagsQueryOptions = () => queryOptions({ queryKey: ['tags', 'list'] as const, queryFn: getTags, staleTime: 60_000 });

export const useTags = (enabled = true) => useQuery({ ...getTagsQueryOptions(), enabled });
