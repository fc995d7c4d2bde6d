import { useCallback, useEffect, useRef } from 'react';
import { COMPOSING_DELAY_MS, PRESENCE_PING_MS } from '@conversa/shared/constants';
import { sendPresence } from '../api/send-presence';

/**
 * Presence for the customer's phone (spec 1 §7): 'composing' 1.5 s after the agent starts typing
 * (at most once per 9 s while typing goes on), 'recording' at once and every 9 s while recording.
 */
export function usePresence(ticketId: number, recording: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastComposing = useRef(0);

  const typed = useCallback(() => {
    if (timer.current || Date.now() - lastComposing.current < PRESENCE_PING_MS) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      lastComposing.current = Date.now();
      void sendPresence(ticketId, 'composing');
    }, COMPOSING_DELAY_MS);
  }, [ticketId]);

  useEffect(() => () => clearTimeout(timer.current), [ticketId]);

  useEffect(() => {
    if (!recording) return;
    void sendPresence(ticketId, 'recording');
    const id = setInterval(() => void sendPresence(ticketId, 'recording'), PRESENCE_PING_MS);
    return () => clearInterval(id);
  }, [recording, ticketId]);

  return { typed };
}
