import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import type { RealtimePayload } from '@conversa/shared/realtime-payloads';
import { getMeQueryOptions } from '../../../lib/auth';
import { useChannel } from '../../../lib/realtime';
import { invoicesKey } from '../api/get-invoices';

/**
 * `company-{id}-payment` (every user of the company): a payment confirmed. The session reads
 * /auth/me again (an overdue company's new due date lets it out of /financeiro without a new
 * login) and the invoices lists read again; `onPaid` lets the checkout finish.
 */
export function usePaymentEvent(companyId: number, onPaid?: (p: RealtimePayload<'payment'>) => void): void {
  const qc = useQueryClient();
  useChannel(channel.payment(companyId), ({ data }) => {
    if (data.action !== 'CONCLUIDA') return;
    void qc.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
    void qc.invalidateQueries({ queryKey: invoicesKey });
    onPaid?.(data);
  });
}
