import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateConnectionBody } from '@conversa/shared/schemas/connections';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { upsertConnection } from '../lib/connections-cache';

/** POST /whatsapp → 201 Connection. ERR_MAX_WHATS_REACHED, ERR_PLAN_FEATURE_DISABLED, ERR_WAPP_GREETING_REQUIRED. */
export const createConnection = (body: CreateConnectionBody): Promise<Connection> => api.post<Connection>('/whatsapp', body);

export function useCreateConnection(options: { onSuccess?: (c: Connection) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSuccess: (c) => {
      qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
      options.onSuccess?.(c);
    },
  });
}
