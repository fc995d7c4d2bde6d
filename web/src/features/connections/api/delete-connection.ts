import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { removeConnection } from '../lib/connections-cache';
import { connectionDetailKey } from './get-connection';

/** DELETE /whatsapp/{id} → 204. The server moves the default to another connection when needed. */
export const deleteConnection = (id: number): Promise<void> => api.delete<void>(`/whatsapp/${id}`);

export function useDeleteConnection(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: (_r, id) => {
      const wasDefault = qc.getQueryData<Connection[]>(connectionsKey)?.find((c) => c.id === id)?.isDefault;
      qc.removeQueries({ queryKey: connectionDetailKey(id) });
      qc.setQueryData<Connection[]>(connectionsKey, (list) => removeConnection(list, id));
      // Which connection became the default is only known to the server.
      if (wasDefault) void qc.invalidateQueries({ queryKey: connectionsKey });
      options.onSuccess?.();
    },
  });
}
