import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Forward, Languages, Pencil, Reply, Trash2 } from 'lucide-react';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { useDismiss } from '../../../hooks/use-dismiss';
import { canDelete, canEdit } from '../lib/message-view';

export type MessageAction = 'reply' | 'forward' | 'edit' | 'delete' | 'transcribe';

type Props = { message: MessageView; canTranscribe: boolean; channelEdits: boolean; onAction(action: MessageAction, message: MessageView): void };

/** What a message's menu offers (spec 1 §4 "Message"). */
export function messageActions(m: MessageView, canTranscribe: boolean, channelEdits = true): MessageAction[] {
  const out: MessageAction[] = ['reply', 'forward'];
  if (channelEdits && canEdit(m)) out.push('edit');
  if (canDelete(m)) out.push('delete');
  if (canTranscribe && m.mediaType === 'audio' && !m.isDeleted) out.push('transcribe');
  return m.isDeleted ? out.filter((a) => a === 'reply') : out;
}

const ICONS = { reply: Reply, forward: Forward, edit: Pencil, delete: Trash2, transcribe: Languages } as const;

/** The per-message menu; a fixed popup so the list's scroll box never clips it. */
export function MessageMenu({ message, canTranscribe, channelEdits, onAction }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss<HTMLDivElement>();
  const [pos, setPos] = useState<{ top?: number; bottom?: number; left: number }>({ left: 0 });
  const actions = messageActions(message, canTranscribe, channelEdits);

  useLayoutEffect(() => {
    if (!open || !ref.current) return;
    const r = ref.current.getBoundingClientRect();
    const width = 200;
    const left = Math.max(8, Math.min(message.fromMe ? r.right - width : r.left, window.innerWidth - width - 8));
    const below = window.innerHeight - r.bottom > 48 * actions.length + 16;
    setPos(below ? { top: r.bottom + 4, left } : { bottom: window.innerHeight - r.top + 4, left });
  }, [open, ref, message.fromMe, actions.length]);

  return (
    <div className="chat-menu" ref={ref}>
      <button type="button" className="chat-menu__trigger" aria-label={t('chat.menu.open')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronDown size={16} aria-hidden />
      </button>
      {open ? (
        <div className="chat-menu__panel" role="menu" style={{ position: 'fixed', ...pos }}>
          {actions.map((a) => {
            const Icon = ICONS[a];
            return (
              <button
                key={a}
                type="button"
                role="menuitem"
                className={`menu-item${a === 'delete' ? ' menu-item--danger' : ''}`}
                onClick={() => {
                  setOpen(false);
                  onAction(a, message);
                }}
              >
                <Icon size={16} aria-hidden />
                {t(`chat.menu.${a}`)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
