import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Ban, FileText, Forward, Download, MessageCircleQuestionMark } from 'lucide-react';
import { OWN_REACTION, type MessageView, type QuotedMessageView } from '@conversa/shared/schemas/messages';
import { formatTime } from '../../../lib/format';
import { groupReactions } from '../lib/message-view';
import { AckIcon } from './ack-icon';
import { AudioPlayer } from './audio-player';
import { ImageMedia } from './image-media';
import { MessageMenu, type MessageAction } from './message-menu';
import { MessageText } from './message-text';
import { ContactCards, LocationCard } from './special-cards';

type Props = {
  message: MessageView;
  showSender: boolean;
  /** Names the customer in quoted boxes the server left unnamed. */
  contactName: string;
  readOnly: boolean;
  canTranscribe: boolean;
  /** The ticket's channel takes edits of sent messages. */
  channelEdits: boolean;
  /** The agent may react to this message. */
  reactable: boolean;
  onAction(action: MessageAction, message: MessageView, emoji?: string): void;
  onQuoteClick?(id: string): void;
};

/** A caption worth showing: not just the file's name, which WhatsApp puts in the body. */
const caption = (m: MessageView) => (m.body && m.body !== m.filename ? m.body : '');

function MediaContent({ m }: { m: MessageView }) {
  const { t } = useTranslation();
  switch (m.mediaType) {
    case 'image':
      return <ImageMedia url={m.mediaUrl} alt={m.filename ?? undefined} />;
    case 'video':
      return m.mediaUrl ? <video className="chat-media chat-video" src={m.mediaUrl} controls preload="metadata" aria-label={t('chat.message.video')} /> : null;
    case 'audio':
      return m.mediaUrl ? <AudioPlayer url={m.mediaUrl} /> : null;
    case 'application':
      return (
        <div className="chat-document">
          <FileText size={28} aria-hidden />
          <span className="chat-document__name">{m.filename || t('chat.message.document')}</span>
          {m.mediaUrl ? (
            <a className="chat-document__download" href={m.mediaUrl} download={m.filename ?? true} target="_blank" rel="noopener noreferrer" aria-label={t('chat.message.download')} title={t('chat.message.download')}>
              <Download size={18} aria-hidden />
            </a>
          ) : null}
        </div>
      );
    default:
      return null;
  }
}

function Body({ m }: { m: MessageView }) {
  const { t } = useTranslation();
  if (m.isDeleted)
    return (
      <span className="chat-deleted">
        <Ban size={14} aria-hidden />
        <s>{m.body ? <MessageText text={m.body} /> : t('chat.message.deleted')}</s>
      </span>
    );
  switch (m.mediaType) {
    case 'locationMessage':
      return <LocationCard body={m.body} />;
    case 'vcard':
    case 'contactMessage':
    case 'contactsArrayMessage':
      return <ContactCards body={m.body} />;
    case 'unsupported':
      return (
        <span className="chat-unsupported">
          <MessageCircleQuestionMark size={16} aria-hidden /> {t('chat.message.notDelivered')}
        </span>
      );
    case 'image':
    case 'video':
    case 'audio':
    case 'application': {
      const text = caption(m);
      return (
        <>
          <MediaContent m={m} />
          {text && m.mediaType !== 'application' && m.mediaType !== 'audio' ? <MessageText text={text} /> : null}
        </>
      );
    }
    default:
      return m.body ? <MessageText text={m.body} /> : <span className="muted">{t('chat.message.unsupported')}</span>;
  }
}

function Quoted({ q, contactName, onClick }: { q: QuotedMessageView; contactName: string; onClick?(id: string): void }) {
  const { t } = useTranslation();
  const label = q.fromMe ? t('chat.message.you') : (q.contactName ?? contactName);
  const preview = q.body || (q.mediaType ? t(`chat.message.${q.mediaType === 'application' ? 'document' : q.mediaType === 'image' ? 'imageAlt' : q.mediaType === 'video' ? 'video' : q.mediaType === 'audio' ? 'audio' : 'quoted'}`) : '');
  return (
    <button type="button" className={`chat-quoted${q.fromMe ? ' chat-quoted--me' : ''}`} onClick={() => onClick?.(q.id)} aria-label={t('chat.message.quoted')}>
      {label ? <span className="chat-quoted__who">{label}</span> : null}
      <span className="chat-quoted__text">
        <MessageText text={preview} className="chat-quoted__body" />
      </span>
    </button>
  );
}

/** The reactions under a bubble: one chip per emoji with its count; who reacted in its title. */
function Reactions({ m }: { m: MessageView }) {
  const { t } = useTranslation();
  const groups = groupReactions(m);
  if (!groups.length) return null;
  return (
    <ul className="chat-reactions" aria-label={t('chat.message.reactions')}>
      {groups.map((g) => {
        const who = g.from.map((f) => (f === OWN_REACTION ? t('chat.message.you') : f)).join(', ');
        return (
          <li key={g.emoji} className={g.mine ? 'is-mine' : undefined} title={who} aria-label={t('chat.message.reactedWith', { emoji: g.emoji, who })}>
            <span aria-hidden>{g.emoji}</span>
            {g.count > 1 ? <span className="chat-reactions__count" aria-hidden>{g.count}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One message: own on the right, the contact's on the left (spec 1 §2 "Message rendering"). */
export const MessageBubble = memo(function MessageBubble({ message: m, showSender, contactName, readOnly, canTranscribe, channelEdits, reactable, onAction, onQuoteClick }: Props) {
  const { t } = useTranslation();
  const side = m.fromMe ? 'me' : 'them';
  return (
    <div className={`chat-row chat-row--${side}`}>
      <div className={`chat-bubble chat-bubble--${side}${m.error ? ' chat-bubble--failed' : ''}`} data-message-id={m.id}>
        {!readOnly ? <MessageMenu message={m} canTranscribe={canTranscribe} channelEdits={channelEdits} reactable={reactable} onAction={onAction} /> : null}
        {showSender && m.participant ? <span className="chat-sender">{m.participant.name}</span> : null}
        {m.isForwarded ? (
          <span className="chat-forwarded">
            <Forward size={13} aria-hidden /> {t('chat.message.forwarded')}
          </span>
        ) : null}
        {m.quotedMsg ? <Quoted q={m.quotedMsg} contactName={contactName} onClick={onQuoteClick} /> : null}
        <div className="chat-content">
          <Body m={m} />
        </div>
        {m.transcription !== null ? (
          <p className="chat-transcription">
            <strong>{t('chat.menu.transcription')}:</strong> {m.transcription || t('chat.menu.transcriptionEmpty')}
          </p>
        ) : null}
        <span className="chat-meta">
          {m.isEdited && !m.isDeleted ? <span className="chat-edited">{t('chat.message.edited')}</span> : null}
          <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
          {m.fromMe && !m.error ? <AckIcon ack={m.ack} /> : null}
        </span>
        {m.error ? (
          <span className="chat-error" role="alert">
            <AlertCircle size={14} aria-hidden /> {t('chat.message.failed')}: {m.error}
          </span>
        ) : null}
      </div>
      <Reactions m={m} />
    </div>
  );
});
