import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateGroupBody, GroupRequestView } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';

export type NewGroup = z.input<typeof CreateGroupBody>;

/** How often a pending group request is asked for its outcome. */
export const GROUP_POLL_MS = 1000;

/**
 * POST /creatGroupAndTicket (ultimate plan): 202 with a request the connection's session works
 * on; a connection that is down or cannot take groups answers a 4xx (toasted).
 */
export const createGroup = (body: NewGroup): Promise<GroupRequestView> => api.post<GroupRequestView>('/creatGroupAndTicket', body);

/** GET /creatGroupAndTicket/{requestId}: pending, done (the ticket to open) or failed (why). */
export const getGroupRequest = (requestId: string): Promise<GroupRequestView> => api.get<GroupRequestView>(`/creatGroupAndTicket/${encodeURIComponent(requestId)}`);

export function useCreateGroup(options: { onSuccess?: (r: GroupRequestView) => void } = {}) {
  return useMutation({ mutationFn: createGroup, onSuccess: (r) => options.onSuccess?.(r) });
}

/** Follows a request every second until the group's ticket exists or the request failed. */
export function useGroupRequest(requestId: string | undefined) {
  return useQuery({
    queryKey: ['tickets', 'group-request', requestId ?? ''] as const,
    queryFn: () => getGroupRequest(requestId!),
    enabled: requestId !== undefined,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : GROUP_POLL_MS),
  });
}
