import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock } from 'lucide-react';
import { replyWindow } from '@conversa/shared/reply-window';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { formatDateTimeShort } from '../../../lib/format';
import { formatLeft } from '../lib/reply-window';

/** Non-WhatsApp channels: 24 hours to answer after the customer's last message (spec 1 §2). */
export function ReplyWindowNotice({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const w = replyWindow(ticket.channel, ticket.lastInboundAt, now);
  if (w.kind === 'none') return null;
  let text: string;
  if (w.kind === 'open') text = t('chat.window.open', { ...formatLeft(w.msLeft), until: formatDateTimeShort(w.closesAt.toISOString()) });
  else if (w.kind === 'closed') text = t('chat.window.closed', { at: formatDateTimeShort(w.closedAt.toISOString()) });
  else text = t('chat.window.waiting');
  return (
    <div className={`chat-window chat-window--${w.kind}`} role="status">
      <Clock size={16} aria-hidden />
      <span>
        <strong>{t('chat.window.title')}:</strong> {text}
      </span>
    </div>
  );
}
