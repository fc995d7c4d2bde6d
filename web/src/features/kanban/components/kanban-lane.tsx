import { useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { Loader } from '@aws-amplify/ui-react';
import type { KanbanCard } from '@conversa/shared/schemas/tags';
import { DraggableCard } from './kanban-card';

export type LaneInfo = { laneId: number; name: string; color: string };

export const laneDropId = (laneId: number) => `lane-${laneId}`;
/** Spec 9: a list loads its next page within 100 px of its bottom. */
const LOAD_MORE_PX = 100;

type Props = {
  lane: LaneInfo;
  /** The loaded cards (the count), and those the search keeps (shown). */
  loaded: number;
  cards: readonly KanbanCard[];
  hasMore: boolean;
  loading: boolean;
  searching: boolean;
  compact: boolean;
  onLoadMore(): void;
};

/** One lane: its chip in the lane's colour with the count of loaded cards ("+" while more follow), the cards, and "load more" at its bottom. */
export function KanbanLane({ lane, loaded, cards, hasMore, loading, searching, compact, onLoadMore }: Props) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.laneId), data: { laneId: lane.laneId } });
  const more = () => {
    if (hasMore && !loading) onLoadMore();
  };
  return (
    <section ref={setNodeRef} className={`kanban-lane${isOver ? ' is-over' : ''}`} style={{ ['--lane-color' as string]: lane.color }} aria-label={lane.name} data-testid={`kanban-lane-${lane.laneId}`}>
      <header className="kanban-lane__header">
        <span className="kanban-lane__chip" title={lane.name}>
          {lane.name}
        </span>
        <span className="kanban-lane__count" data-testid="lane-count">
          {hasMore ? t('kanban.laneCountMore', { count: loaded }) : t('kanban.laneCount', { count: loaded })}
        </span>
      </header>
      <div
        className="kanban-lane__body"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX) more();
        }}
      >
        {cards.length ? (
          <ul className="kanban-lane__cards">
            {cards.map((c) => (
              <DraggableCard key={c.id} card={c} compact={compact} />
            ))}
          </ul>
        ) : (
          <p className="kanban-lane__empty muted">{searching && loaded ? t('kanban.noMatch') : t('kanban.emptyLane')}</p>
        )}
        {hasMore ? (
          <button type="button" className="kanban-lane__more" onClick={more} disabled={loading}>
            {loading ? <Loader size="small" /> : null}
            {loading ? t('kanban.loading') : t('kanban.loadMore')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
