import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { quickMessagesKey } from '../../../lib/get-quick-messages';
import { useChannel } from '../../../lib/realtime';

/**
 * `company-{id}-quickemessage` (spec 3 §7): a reply created, changed or deleted by anyone refreshes
 * the cached quick-reply list — the /quick-messages page's and the chat input's '/' suggestions
 * (one query).
 */
export function useQuickMessagesRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.quickMessage(companyId), () => {
    void qc.invalidateQueries({ queryKey: quickMessagesKey });
  });
}
