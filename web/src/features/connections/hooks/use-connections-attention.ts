import { useEffect, useState } from 'react';
import { useConnections } from '../../../lib/get-connections';
import { ATTENTION_CHECK_DELAY_MS, needsAttention } from '../lib/attention';

/**
 * The drawer badge of spec 1 §2: the list is read 2000 ms after the layout loads (admins only;
 * agents do not see the entry), then the socket keeps it current (useConnectionsRealtime).
 */
export function useConnectionsAttention(enabled: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setDue(true), ATTENTION_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const list = useConnections({ enabled: enabled && due });
  return enabled && due && needsAttention(list.data);
}
