import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateConnectionBody } from '@conversa/shared/schemas/connections';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { upsertConnection } from '../lib/connections-cache';
import { connectionDetailKey } from './get-connection';

/** PUT /whatsapp/{id} (partial) → Connection. ERR_NO_OTHER_WHATSAPP, ERR_WAPP_GREETING_REQUIRED. */
export const updateConnection = ({ id, body }: { id: number; body: UpdateConnectionBody }): Promise<Connection> =>
  api.put<Connection>(`/whatsapp/${id}`, body);

export function useUpdateConnection(options: { onSuccess?: (c: Connection) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateConnection,
    onSuccess: (c) => {
      qc.setQueryData(connectionDetailKey(c.id), c);
      qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
      options.onSuccess?.(c);
    },
  });
}
