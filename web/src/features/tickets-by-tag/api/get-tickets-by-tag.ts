import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketByTag } from '@conversa/shared/schemas/tags';
import { api } from '../../../lib/api';

export type TicketsByTag = { tickets: TicketByTag[]; hasMore: boolean };

/** GET /api/ticket/ListByTagIsAuth/{tagId}: the tickets carrying the tag that the caller may see (spec 3 §7). */
export const getTicketsByTag = (tagId: number): Promise<TicketsByTag> => api.get<TicketsByTag>(`/api/ticket/ListByTagIsAuth/${tagId}`);

export const getTicketsByTagQueryOptions = (tagId: number) => queryOptions({ queryKey: ['tickets', 'by-tag', tagId] as const, queryFn: () => getTicketsByTag(tagId) });

/** Asked for only once 'Buscar Tickets' names a tag (undefined until then). */
export const useTicketsByTag = (tagId: number | undefined) => useQuery({ ...getTicketsByTagQueryOptions(tagId ?? 0), enabled: tagId !== undefined });
