import { memo } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Bot, Clock, Eye, FileText, Image as ImageIcon, MapPin, MessageCircleQuestionMark, Mic, Phone, Smartphone, UserRound, UsersRound, Video } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import '../../../lib/i18n/locales/ratings';
import '../../../styles/ratings.css';
import { listTime, minutesWaiting, waitingTooLong } from '../lib/ticket-time';
import { Avatar } from './avatar';
import { previewedMedia } from '@conversa/shared/channels';
import { previewText } from '../lib/preview';

type Props = {
  ticket: TicketView;
  selected: boolean;
  /** The row opens the ticket (not while pending). */
  opens: boolean;
  canAccept: boolean;
  accepting: boolean;
  now: number;
  onOpen(t: TicketView): void;
  onAccept(t: TicketView): void;
  /** Admins peek at a pending conversation without accepting it ('Espiar Conversa'). */
  onSpy?: (t: TicketView) => void;
};

/** One ticket of the list (spec 1 §2): avatar, name, last message, time, unread, queue, connection, tags. */
const MEDIA_ICONS: Partial<Record<string, typeof Mic>> = { image: ImageIcon, audio: Mic, video: Video, application: FileText, locationMessage: MapPin, vcard: UserRound, contactMessage: UserRound, contactsArrayMessage: UsersRound, call_log: Phone, unsupported: MessageCircleQuestionMark };

/** The row's last message: plain text, or the kind of a media message without a caption (with its icon). */
function RowPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const media = previewedMedia(text);
  if (!media) return <>{previewText(text) || '\u00a0'}</>;
  const Icon = MEDIA_ICONS[media];
  return (
    <>
      {Icon ? <Icon size={13} className="t-row__media" aria-hidden /> : null}
      {t(`tickets.row.media.${media}`, { defaultValue: text })}
    </>
  );
}

export const TicketRow = memo(function TicketRow({ ticket: tk, selected, opens, canAccept, accepting, now, onOpen, onAccept, onSpy }: Props) {
  const { t } = useTranslation();
  const waiting = waitingTooLong(tk, now);
  const open = () => opens && onOpen(tk);
  const spy = tk.status === 'pending' && !!onSpy;
  const accept = tk.status === 'pending' && canAccept;
  const actions = spy || accept;
  return (
    <div
      className={`t-row${selected ? ' is-selected' : ''}${opens ? '' : ' is-locked'}${actions ? ' has-actions' : ''}`}
      style={{ borderLeftColor: tk.queue?.color ?? 'transparent' }}
      role="listitem"
      data-testid={`ticket-${tk.id}`}
      data-status={tk.status}
    >
      <button type="button" className="t-row__main" onClick={open} aria-disabled={!opens} title={opens ? undefined : t('tickets.row.acceptFirst')} aria-current={selected ? 'true' : undefined}>
        <Avatar name={tk.contact.name} src={tk.contact.profilePicUrl} />
        <span className="t-row__text">
          <span className="t-row__top">
            <span className="t-row__name">{tk.contact.name}</span>
            {tk.isBot ? (
              <span className="t-row__bot" title={t('ratings.bot.on')} data-testid="row-bot">
                <Bot size={14} aria-label={t('ratings.bot.on')} />
              </span>
            ) : null}
            <time className="t-row__time" dateTime={tk.lastMessageAt}>
              {listTime(tk.lastMessageAt || tk.updatedAt, new Date(now))}
            </time>
          </span>
          <span className="t-row__bottom">
            <span className="t-row__last"><RowPreview text={tk.lastMessage} /></span>
            {tk.unreadMessages > 0 ? (
              <span className="t-badge" aria-label={t('tickets.row.unread', { count: tk.unreadMessages })}>
                {tk.unreadMessages}
              </span>
            ) : null}
          </span>
          <span className="t-row__meta">
            {tk.queue ? (
              <span className="t-tag" style={{ background: tk.queue.color }}>
                {tk.queue.name}
              </span>
            ) : (
              <span className="t-tag t-tag--muted">{t('tickets.row.noQueue')}</span>
            )}
            {tk.whatsapp ? (
              <span className="t-row__conn">
                <Smartphone size={12} aria-hidden /> <span className="t-row__ellipsis">{tk.whatsapp.name}</span>
              </span>
            ) : null}
            {tk.user && tk.status !== 'pending' ? <span className="t-row__conn"><span className="t-row__ellipsis">{tk.user.name}</span></span> : null}
            {tk.tags.map((tag) => (
              <span key={tag.id} className="t-tag" style={{ background: tag.color }}>
                {tag.name}
              </span>
            ))}
          </span>
          {waiting ? (
            <span className="t-row__wait" role="status">
              <Clock size={12} aria-hidden /> {t('tickets.row.waiting', { minutes: minutesWaiting(tk, now) })}
            </span>
          ) : null}
        </span>
      </button>
      {actions ? (
        // Over the row's last line, right of the queue and connection tags: the name and the last
        // message keep the row's whole width.
        <span className="t-row__actions">
          {spy ? (
            <button type="button" className="icon-button" aria-label={t('tickets.actions.spy')} title={t('tickets.actions.spy')} onClick={() => onSpy!(tk)}>
              <Eye size={17} aria-hidden />
            </button>
          ) : null}
          {accept ? (
            <Button size="small" variation="primary" className="t-row__accept" isLoading={accepting} onClick={() => onAccept(tk)}>
              {t('tickets.actions.accept')}
            </Button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
});
