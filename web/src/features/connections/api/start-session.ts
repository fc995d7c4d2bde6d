import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { upsertConnection } from '../lib/connections-cache';

/** POST /whatsappsession/{id}: start the session, or try again → Connection (OPENING). */
export const startSession = (id: number): Promise<Connection> => api.post<Connection>(`/whatsappsession/${id}`);

export function useStartSession(options: { onSuccess?: (c: Connection) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startSession,
    onSuccess: (c) => {
      qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
      options.onSuccess?.(c);
    },
  });
}
