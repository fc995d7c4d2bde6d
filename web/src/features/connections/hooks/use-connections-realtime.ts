import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { connectionsKey } from '../../../lib/get-connections';
import { useChannel, useOnReconnect } from '../../../lib/realtime';
import { connectionDetailKey } from '../api/get-connection';
import type { Connection } from '../lib/connection';
import { removeConnection, upsertConnection } from '../lib/connections-cache';

/**
 * Keeps the connections list live: `company-{id}-whatsappSession` (status, QR, number) and
 * `company-{id}-whatsapp` (created, edited, deleted). After the socket comes back from a drop the
 * list is read once more, since events sent meanwhile were missed. `enabled` = the user is admin.
 */
export function useConnectionsRealtime(companyId: number, enabled = true): void {
  const qc = useQueryClient();
  const apply = (c: Connection) => {
    qc.setQueryData<Connection[]>(connectionsKey, (list) => upsertConnection(list, c));
    qc.setQueryData<Connection>(connectionDetailKey(c.id), (old) => (old ? { ...old, ...c } : old));
  };
  useChannel(enabled ? channel.whatsappSession(companyId) : undefined, ({ data }) => apply(data.session));
  useChannel(enabled ? channel.whatsapp(companyId) : undefined, ({ data }) => {
    if (data.action === 'update') apply(data.whatsapp);
    else {
      const id = data.whatsappId;
      const wasDefault = qc.getQueryData<Connection[]>(connectionsKey)?.find((c) => c.id === id)?.isDefault;
      qc.removeQueries({ queryKey: connectionDetailKey(id) });
      qc.setQueryData<Connection[]>(connectionsKey, (list) => removeConnection(list, id));
      if (wasDefault) void qc.invalidateQueries({ queryKey: connectionsKey });
    }
  });

  useOnReconnect(() => void qc.invalidateQueries({ queryKey: connectionsKey }), enabled);
}
