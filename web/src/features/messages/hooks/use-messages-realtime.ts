import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel, useRealtimeState, useRoom } from '../../../lib/realtime';
import { messagesKey } from '../api/get-messages';
import { upsertMessage, type MessagesData } from '../lib/messages-cache';

/**
 * `company-{id}-appMessage` create / update of this ticket merge into its cached pages (one copy
 * per id: the sender also gets its own message from the POST answer). The chat box room is joined
 * while the panel is open; after a socket drop the pages are read again, since events were missed.
 */
export function useMessagesRealtime(companyId: number, ticketId: number): void {
  const qc = useQueryClient();
  useRoom({ action: 'joinChatBox', ticketId }, { action: 'leaveChatBox', ticketId });
  useChannel(channel.appMessage(companyId), ({ data: { message } }) => {
    if (message.ticketId !== ticketId) return;
    qc.setQueryData<MessagesData>(messagesKey(ticketId), (d) => upsertMessage(d, message));
  });

  const state = useRealtimeState();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (state !== 'open') return;
    if (wasOpen.current) void qc.invalidateQueries({ queryKey: messagesKey(ticketId) });
    wasOpen.current = true;
  }, [state, ticketId, qc]);
}
