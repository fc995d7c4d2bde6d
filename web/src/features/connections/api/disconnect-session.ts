import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { upsertConnection } from '../lib/connections-cache';

/** DELETE /whatsappsession/{id}: disconnect → Connection (DISCONNECTED). */
export const disconnectSession = (id: number): Promise<Connection> => api.delete<Connection>(`/whatsappsession/${id}`);

export function useDisconnectSession(options: { onSuccess?: (c: Connection) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disconnectSession,
    onSuccess: (c) => {
      qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
      options.onSuccess?.(c);
    },
  });
}
