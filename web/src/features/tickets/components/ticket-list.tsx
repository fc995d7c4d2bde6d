import { useEffect, useRef, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { TicketView } from '@conversa/shared/schemas/tickets';

/** The next page loads when the scroll is this close to the bottom (spec 1 §2). */
export const NEXT_PAGE_WITHIN_PX = 100;
const ROW_ESTIMATE_PX = 92;

type Props = {
  tickets: readonly TicketView[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore(): void;
  onRetry(): void;
  renderRow(t: TicketView): React.ReactNode;
  label: string;
  /** What an empty list says (why it is empty and what to do); a plain 'nothing found' without it. */
  empty?: React.ReactNode;
};

/** A virtualised list: only the rows in view are in the DOM, so thousands of tickets scroll smoothly. */
export function TicketList({ tickets, loading, error, hasMore, loadingMore, onMore, onRetry, renderRow, label, empty }: Props) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    getItemKey: (i) => tickets[i]!.id,
  });

  const [nearEnd, setNearEnd] = useState(false);
  const onScroll = () => {
    const el = scrollRef.current;
    if (el) setNearEnd(el.scrollHeight - el.scrollTop - el.clientHeight < NEXT_PAGE_WITHIN_PX);
  };
  // A short first page (no scrollbar) also counts as being at the end.
  useEffect(onScroll, [tickets.length]);
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !loading) onMore();
  }, [nearEnd, hasMore, loadingMore, loading, onMore]);

  if (loading)
    return (
      <div className="list-state">
        <Loader size="large" />
      </div>
    );
  if (error)
    return (
      <div className="list-state">
        <p>{t('tickets.list.loadFailed')}</p>
        <button type="button" className="link" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );

  return (
    <div className="t-list" ref={scrollRef} onScroll={onScroll} role="list" aria-label={label} data-testid="ticket-list">
      {tickets.length === 0 ? <div className="list-state list-state--empty" data-testid="ticket-list-empty">{empty ?? <p>{t('tickets.list.empty')}</p>}</div> : null}
      <div className="t-list__inner" style={{ height: v.getTotalSize() }}>
        {v.getVirtualItems().map((item) => (
          <div key={item.key} className="t-list__item" data-index={item.index} ref={v.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
            {renderRow(tickets[item.index]!)}
          </div>
        ))}
      </div>
      {loadingMore ? (
        <div className="list-more">
          <Loader /> {t('common.loading')}
        </div>
      ) : null}
    </div>
  );
}
