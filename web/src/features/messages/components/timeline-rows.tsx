import { useTranslation } from 'react-i18next';
import { Phone } from 'lucide-react';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { formatDateTimeShort, formatTime } from '../../../lib/format';
import { dayLabel } from '../lib/timeline';

export function DateSeparator({ day }: { day: string }) {
  const { t } = useTranslation();
  const l = dayLabel(day);
  return (
    <div className="chat-separator chat-separator--date" role="separator">
      <span>{l.kind === 'date' ? l.date : t(`chat.separators.${l.kind}`)}</span>
    </div>
  );
}

/** Logs are centred: the conversation started / closed separators and call records. */
export function LogRow({ message: m }: { message: MessageView }) {
  const { t } = useTranslation();
  const at = t('chat.separators.at', { time: formatTime(m.createdAt) });
  if (m.mediaType === 'call_log')
    return (
      <div className="chat-separator chat-separator--call">
        <span>
          <Phone size={14} aria-hidden /> {m.body || t('chat.separators.call')} {at}
        </span>
      </div>
    );
  const label = m.mediaType === 'closed_log' ? t('chat.separators.closed') : t('chat.separators.started');
  return (
    <div className={`chat-separator chat-separator--${m.mediaType === 'closed_log' ? 'closed' : 'started'}`} role="separator">
      <span>
        {label} {at}
        {m.body ? <small>{m.body}</small> : null}
      </span>
    </div>
  );
}

/** Where a contact's earlier ticket ended and the next one began. */
export function TicketBoundary({ closedAt, startedAt }: { closedAt: string; startedAt: string }) {
  const { t } = useTranslation();
  return (
    <div className="chat-separator chat-separator--ticket" role="separator" data-testid="ticket-boundary">
      <span>
        {t('chat.separators.closed')} {t('chat.separators.on', { date: formatDateTimeShort(closedAt) })}
      </span>
      <span>
        {t('chat.separators.started')} {t('chat.separators.on', { date: formatDateTimeShort(startedAt) })}
      </span>
    </div>
  );
}
