import { editsSentMessages, type Channel } from '@conversa/shared/channels';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, MessageCircleHeart } from 'lucide-react';
import type { MessageView } from '@conversa/shared/schemas/messages';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useMessages } from '../api/get-messages';
import { flattenMessages, type MessagesData } from '../lib/messages-cache';
import { canReact } from '../lib/message-view';
import { buildRows, type Row } from '../lib/timeline';
import { MessageBubble } from './message-bubble';
import type { MessageAction } from './message-menu';
import { DateSeparator, LogRow, TicketBoundary } from './timeline-rows';

type Props = {
  ticket: TicketView;
  readOnly: boolean;
  canTranscribe: boolean;
  onAction(action: MessageAction, message: MessageView, emoji?: string): void;
};

/** Older pages load when the reader is this close to the top (px). */
const LOAD_OLDER_WITHIN = 600;
const AT_END_WITHIN = 80;

const estimate = (row: Row | undefined) => (row?.kind === 'message' ? (row.message.mediaType ? 220 : 64) : 40);

/**
 * The ticket's messages, virtualised (a 10,000-message ticket renders a screenful): opens at the
 * newest message, keeps the reader's place when older pages are prepended, and follows new
 * messages only while the reader is at the bottom.
 */
export function MessageList({ ticket, readOnly, canTranscribe, onAction }: Props) {
  const channel = ticket.channel as Channel;
  const channelEdits = editsSentMessages(channel);
  // Like the input: an agent reacts on a ticket they are answering.
  const reactions = !readOnly && ticket.status === 'open';
  const { t } = useTranslation();
  const q = useMessages(ticket.id);
  const messages = useMemo(() => flattenMessages(q.data as MessagesData | undefined), [q.data]);
  const rows = useMemo(() => buildRows(messages, ticket.isGroup), [messages, ticket.isGroup]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    paddingStart: 8,
    paddingEnd: 12,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_WITHIN,
  });

  // Open at the newest message, once the first page is in.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  const maybeLoadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage || !opened.current) return;
    if (el.scrollTop < LOAD_OLDER_WITHIN) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the screen: keep loading until it scrolls or history ends.
  useEffect(() => {
    maybeLoadOlder();
  }, [rows.length, maybeLoadOlder]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    setAtEnd(el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END_WITHIN);
    maybeLoadOlder();
  };

  const scrollToMessage = useCallback(
    (id: string) => {
      const i = rows.findIndex((r) => r.key === id);
      if (i >= 0) virtualizer.scrollToIndex(i, { align: 'center' });
    },
    [rows, virtualizer],
  );

  if (q.isPending) return <div className="chat-list chat-list--state">{t('chat.panel.loading')}</div>;
  if (q.isError && rows.length === 0)
    return (
      <div className="chat-list chat-list--state" role="alert">
        {t('chat.panel.loadFailed')}
        <button type="button" className="link-button" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (rows.length === 0)
    return (
      <div className="chat-list chat-list--state chat-empty">
        <MessageCircleHeart size={40} aria-hidden />
        <strong>{t('chat.panel.newLeadTitle')}</strong>
        <span>{t('chat.panel.newLeadText', { name: ticket.contact?.name ?? '' })}</span>
      </div>
    );

  const items = virtualizer.getVirtualItems();
  return (
    <div className="chat-list-wrap">
      {isFetchingNextPage ? <div className="chat-list__older">{t('chat.panel.loadingOlder')}</div> : null}
      <div ref={scrollRef} className="chat-list" onScroll={onScroll} role="log" aria-label={t('chat.panel.label')} aria-busy={isFetchingNextPage}>
        <div className="chat-list__inner" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="chat-list__item" style={{ transform: `translateY(${item.start}px)` }}>
                {row.kind === 'date' ? (
                  <DateSeparator day={row.day} />
                ) : row.kind === 'log' ? (
                  <LogRow message={row.message} />
                ) : row.kind === 'ticket' ? (
                  <TicketBoundary closedAt={row.closedAt} startedAt={row.startedAt} />
                ) : (
                  <MessageBubble
                    message={row.message}
                    showSender={row.showSender}
                    contactName={ticket.contact?.name ?? ''}
                    readOnly={readOnly || row.message.ticketId !== ticket.id}
                    canTranscribe={canTranscribe && row.message.ticketId === ticket.id}
                    channelEdits={channelEdits}
                    reactable={reactions && canReact(channel, row.message)}
                    onAction={onAction}
                    onQuoteClick={scrollToMessage}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {!atEnd ? (
        <button type="button" className="chat-jump" onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })} aria-label={t('chat.panel.jumpToLatest')} title={t('chat.panel.jumpToLatest')}>
          <ArrowDown size={18} aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
