import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Forward, Languages, Pencil, Reply, Trash2 } from 'lucide-react';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { useDismiss } from '../../../hooks/use-dismiss';
import { canDelete, canEdit, ownReaction } from '../lib/message-view';

export type MessageAction = 'reply' | 'forward' | 'edit' | 'delete' | 'transcribe' | 'react';

type Props = {
  message: MessageView;
  canTranscribe: boolean;
  channelEdits: boolean;
  /** The message takes the agent's reaction (its channel, its kind, an open ticket). */
  reactable: boolean;
  /** `emoji`: with 'react', the reaction chosen ('' removes the agent's). */
  onAction(action: MessageAction, message: MessageView, emoji?: string): void;
};

/** The quick reactions the menu offers, as WhatsApp's own menu does. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** What a message's menu offers (spec 1 §4 "Message"). */
export function messageActions(m: MessageView, canTranscribe: boolean, channelEdits = true): MessageAction[] {
  const out: MessageAction[] = ['reply', 'forward'];
  if (channelEdits && canEdit(m)) out.push('edit');
  if (canDelete(m)) out.push('delete');
  if (canTranscribe && m.mediaType === 'audio' && !m.isDeleted) out.push('transcribe');
  return m.isDeleted ? out.filter((a) => a === 'reply') : out;
}

const ICONS = { reply: Reply, forward: Forward, edit: Pencil, delete: Trash2, transcribe: Languages } as const;

/**
 * The per-message menu: a row of quick reactions, then the actions. The popup is drawn in
 * document.body at a fixed place: inside the virtual list its rows' transforms would move it
 * and their stacking would cover it.
 */
export function MessageMenu({ message, canTranscribe, channelEdits, reactable, onAction }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref, panelRef } = useDismiss<HTMLDivElement>();
  const [pos, setPos] = useState<{ top?: number; bottom?: number; left: number }>({ left: 0 });
  const actions = messageActions(message, canTranscribe, channelEdits).filter((a): a is keyof typeof ICONS => a !== 'react');
  const mine = ownReaction(message);

  useLayoutEffect(() => {
    if (!open || !ref.current) return;
    const r = ref.current.getBoundingClientRect();
    const width = 220;
    const left = Math.max(8, Math.min(message.fromMe ? r.right - width : r.left, window.innerWidth - width - 8));
    const below = window.innerHeight - r.bottom > 48 * actions.length + (reactable ? 52 : 0) + 16;
    setPos(below ? { top: r.bottom + 4, left } : { bottom: window.innerHeight - r.top + 4, left });
  }, [open, ref, message.fromMe, actions.length, reactable]);

  const act = (a: MessageAction, emoji?: string) => {
    setOpen(false);
    onAction(a, message, emoji);
  };

  const panel = (
    <div ref={panelRef} className="chat-menu__panel" role="menu" style={{ position: 'fixed', ...pos }}>
      {reactable ? (
        <div className="chat-menu__reactions" role="group" aria-label={t('chat.menu.react')}>
          {QUICK_REACTIONS.map((e) => {
            const label = mine === e ? t('chat.menu.removeReaction') : t('chat.menu.reactWith', { emoji: e });
            return (
              <button key={e} type="button" role="menuitemcheckbox" aria-checked={mine === e} className={`chat-menu__emoji${mine === e ? ' is-mine' : ''}`} title={label} aria-label={label} onClick={() => act('react', mine === e ? '' : e)}>
                {e}
              </button>
            );
          })}
        </div>
      ) : null}
      {actions.map((a) => {
        const Icon = ICONS[a];
        return (
          <button key={a} type="button" role="menuitem" className={`menu-item${a === 'delete' ? ' menu-item--danger' : ''}`} onClick={() => act(a)}>
            <Icon size={16} aria-hidden />
            {t(`chat.menu.${a}`)}
          </button>
        );
      })}
    </div>
  );

  return (
    <div className="chat-menu" ref={ref}>
      <button type="button" className="chat-menu__trigger" aria-label={t('chat.menu.open')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronDown size={16} aria-hidden />
      </button>
      {open ? createPortal(panel, document.body) : null}
    </div>
  );
}
