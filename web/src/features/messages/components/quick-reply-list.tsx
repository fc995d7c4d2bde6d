import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { previewText } from '../lib/quick-replies';

type Props = { items: QuickMessageView[]; active: number; onPick(q: QuickMessageView): void; onHover(i: number): void; id: string };

/** Suggestions above the input for '/shortcut' (preview cut at 35 characters). */
export function QuickReplyList({ items, active, onPick, onHover, id }: Props) {
  const { t } = useTranslation();
  return (
    <div className="chat-quick" role="listbox" id={id} aria-label={t('chat.input.quickReplies')}>
      {items.length === 0 ? <p className="chat-quick__empty">{t('chat.input.quickRepliesEmpty')}</p> : null}
      {items.map((q, i) => (
        <button
          key={q.id}
          id={`${id}-${i}`}
          type="button"
          role="option"
          aria-selected={i === active}
          className={`chat-quick__item${i === active ? ' chat-quick__item--active' : ''}`}
          onMouseDown={(e) => e.preventDefault()} // keep the textarea focused
          onMouseEnter={() => onHover(i)}
          onClick={() => onPick(q)}
        >
          <strong>/{q.shortcode}</strong>
          <span>{previewText(q.message)}</span>
          {q.mediaName ? <Paperclip size={14} aria-label={t('chat.input.quickReplyMedia', { name: q.mediaName })} /> : null}
        </button>
      ))}
    </div>
  );
}
