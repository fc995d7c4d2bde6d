import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';

/**
 * `company-{id}-quickemessage` (spec 3 §7): a reply created, changed or deleted by anyone refreshes
 * every cached quick-reply list — the /quick-messages page and the chat input's '/' suggestions
 * (their keys both begin with 'quick-messages').
 */
export function useQuickMessagesRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel<{ action: string }>(channel.quickMessage(companyId), () => {
    void qc.invalidateQueries({ queryKey: ['quick-messages'] });
  });
}
