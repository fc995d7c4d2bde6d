import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { OPEN_LANE, type KanbanCard } from '@conversa/shared/schemas/tags';
import { filterCards, findCard, type Board } from '../lib/board';
import { laneCollision, laneCoordinates } from '../lib/keyboard';
import { KanbanCardBody } from './kanban-card';
import { KanbanLane, type LaneInfo } from './kanban-lane';

type Props = {
  board: Board;
  lanes: readonly LaneInfo[];
  search: string;
  compact: boolean;
  loadingLane: number | undefined;
  onLoadMore(laneId: number, cursor: string | undefined): void;
  onMove(cardId: number, laneId: number): void;
};

/** How long a keyboard move waits for its card to show in the new lane before giving the focus up. */
const REFOCUS_MS = 3_000;

const cardIdOf = (id: UniqueIdentifier | undefined) => (typeof id === 'string' && id.startsWith('card-') ? Number(id.slice(5)) : undefined);
const laneIdOf = (id: UniqueIdentifier | undefined) => (typeof id === 'string' && id.startsWith('lane-') ? Number(id.slice(5)) : undefined);

/**
 * The lanes side by side (scrolling sideways on a phone) with drag and drop (dnd-kit): the mouse and
 * a finger (after a short press, so the board still scrolls) drop where they are; the keyboard moves
 * a held card lane by lane (lib/keyboard.ts), and every step is announced in the user's language.
 */
export function KanbanBoard({ board, lanes, search, compact, loadingLane, onLoadMore, onMove }: Props) {
  const { t } = useTranslation();
  const [active, setActive] = useState<KanbanCard | undefined>();
  // A card moved with the keyboard is mounted anew in its lane: once the board shows it there
  // (the move is optimistic, a moment later), the focus goes back to it. Given up after a few seconds (a refused move).
  const [refocus, setRefocus] = useState<{ cardId: number; laneId: number; until: number } | undefined>();
  useEffect(() => {
    if (!refocus) return;
    if (Date.now() > refocus.until) return setRefocus(undefined);
    if (findCard(board, refocus.cardId)?.laneId !== refocus.laneId) return;
    const frame = requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`[data-card-id="${refocus.cardId}"]`)?.focus();
      setRefocus(undefined);
    });
    return () => cancelAnimationFrame(frame);
  }, [refocus, board]);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneCoordinates }),
  );
  const laneName = useMemo(() => new Map(lanes.map((l) => [l.laneId, l.name])), [lanes]);
  const nameOf = (id: UniqueIdentifier | undefined) => {
    const laneId = laneIdOf(id);
    return laneId === undefined ? '' : (laneName.get(laneId) ?? `#${laneId}`);
  };
  const cardLane = (id: UniqueIdentifier) => findCard(board, cardIdOf(id) ?? -1)?.laneId ?? OPEN_LANE;

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('kanban.dnd.start', { id: cardIdOf(a.id), lane: laneName.get(cardLane(a.id)) ?? '' }),
    onDragOver: ({ active: a, over }) => (over ? t('kanban.dnd.over', { id: cardIdOf(a.id), lane: nameOf(over.id) }) : t('kanban.dnd.outside', { id: cardIdOf(a.id) })),
    onDragEnd: ({ active: a, over }) => (over ? t('kanban.dnd.end', { id: cardIdOf(a.id), lane: nameOf(over.id) }) : t('kanban.dnd.endOutside', { id: cardIdOf(a.id) })),
    onDragCancel: ({ active: a }) => t('kanban.dnd.cancel', { id: cardIdOf(a.id), lane: laneName.get(cardLane(a.id)) ?? '' }),
  };

  const end = ({ active: a, over, activatorEvent }: DragEndEvent) => {
    setActive(undefined);
    const cardId = cardIdOf(a.id);
    const laneId = laneIdOf(over?.id);
    if (cardId === undefined || laneId === undefined) return;
    if (findCard(board, cardId)?.laneId === laneId) return;
    onMove(cardId, laneId);
    if (activatorEvent instanceof KeyboardEvent) setRefocus({ cardId, laneId, until: Date.now() + REFOCUS_MS });
  };

  const pages = new Map(board.lanes.map((l) => [l.laneId, l]));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={laneCollision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.dnd.instructions') } }}
      onDragStart={({ active: a }) => {
        setRefocus(undefined);
        setActive(findCard(board, cardIdOf(a.id) ?? -1));
      }}
      onDragEnd={end}
      onDragCancel={() => setActive(undefined)}
    >
      <div className="kanban-board" data-testid="kanban-board">
        {lanes.map((lane) => {
          const page = pages.get(lane.laneId);
          const cards = page?.cards ?? [];
          return (
            <KanbanLane
              key={lane.laneId}
              lane={lane}
              loaded={cards.length}
              cards={filterCards(cards, search)}
              hasMore={page ? page.hasMore : true}
              loading={loadingLane === lane.laneId}
              searching={search.trim() !== ''}
              compact={compact}
              onLoadMore={() => onLoadMore(lane.laneId, page?.cursor)}
            />
          );
        })}
      </div>
      <DragOverlay dropAnimation={null}>{active ? <div className={`kanban-card kanban-card--overlay${compact ? ' kanban-card--compact' : ''}`}><KanbanCardBody card={active} compact={compact} /></div> : null}</DragOverlay>
    </DndContext>
  );
}
