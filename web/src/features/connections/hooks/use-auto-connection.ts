import { useEffect, useRef } from 'react';
import { useCreateConnection } from '../api/create-connection';
import { useDeleteConnection } from '../api/delete-connection';
import type { Connection } from '../lib/connection';
import { autoDecision, recreateBody } from '../lib/auto-behaviour';

/** Runs the spec 2 §4 auto-behaviour (lib/auto-behaviour) whenever the list or the dialogs change. */
export function useAutoConnection(input: { auto: boolean; connections: Connection[] | undefined; dialogOpen: boolean; openQr(id: number): void }): void {
  const { auto, connections, dialogOpen, openQr } = input;
  const create = useCreateConnection();
  const del = useDeleteConnection();
  const busy = create.isPending || del.isPending;
  // One action per connection and status: a QR dialog closed by hand does not reopen by itself.
  const done = useRef(new Set<string>());

  useEffect(() => {
    if (busy) return;
    const d = autoDecision({ auto, connections, dialogOpen });
    if (d.kind === 'none') return;
    const c = d.kind === 'openQr' ? connections![0]! : d.connection;
    const key = `${c.id}:${c.status}`;
    if (done.current.has(key)) return;
    done.current.add(key);
    if (d.kind === 'openQr') openQr(d.id);
    else {
      const body = recreateBody(d.connection);
      del.mutate(d.connection.id, { onSuccess: () => create.mutate(body) });
    }
  }, [auto, connections, dialogOpen, busy, openQr, create, del]);
}
