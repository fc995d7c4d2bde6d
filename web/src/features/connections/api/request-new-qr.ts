import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { connectionsKey } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { upsertConnection } from '../lib/connections-cache';

/** PUT /whatsappsession/{id}: a new QR code → Connection (OPENING). */
export const requestNewQr = (id: number): Promise<Connection> => api.put<Connection>(`/whatsappsession/${id}`);

export function useRequestNewQr(options: { onSuccess?: (c: Connection) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestNewQr,
    onSuccess: (c) => {
      qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
      options.onSuccess?.(c);
    },
  });
}
