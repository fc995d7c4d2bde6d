import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TagsPage } from '@conversa/shared/schemas/tags';
import { api } from '../../../lib/api';

/** Next page: the server's cursor when it gives one, else the page number (spec 3 §7 pageNumber). */
export type TagsPageParam = { cursor?: string; page: number };
/** 0: the tags page; 1: the lanes page. */
export type TagKind = 0 | 1;

/** GET /tags?searchParam=&kanban=&cursor= → tags, hasMore (20 per page, by name). */
export const getTagsPage = (kanban: TagKind, searchParam: string, param: TagsPageParam): Promise<TagsPage> =>
  api.get<TagsPage>('/tags', {
    query: { kanban, searchParam: searchParam || undefined, cursor: param.cursor, pageNumber: param.cursor || param.page === 1 ? undefined : param.page },
  });

/** Every tags query (the pickers' GET /tags/list too): what a save reads again. */
export const tagsKey = ['tags'] as const;
/** Every page list of the tags and lanes screens, whatever the kind and search: what mutations and live events touch. */
export const tagsPagesKey = [...tagsKey, 'pages'] as const;

export const getTagsPageQueryOptions = (kanban: TagKind, searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...tagsPagesKey, { kanban, searchParam }] as const,
    queryFn: ({ pageParam }) => getTagsPage(kanban, searchParam, pageParam),
    initialPageParam: { page: 1 } as TagsPageParam,
    getNextPageParam: (last, _all, lastParam): TagsPageParam | undefined => (last.hasMore ? { cursor: last.cursor, page: lastParam.page + 1 } : undefined),
  });

export const useTagsPage = (kanban: TagKind, searchParam: string) => useInfiniteQuery(getTagsPageQueryOptions(kanban, searchParam));
