import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import type { KanbanCard } from '@conversa/shared/schemas/tags';
import { paths } from '../../../config/paths';

export const cardDragId = (id: number) => `card-${id}`;

type Props = { card: KanbanCard; compact: boolean };

/** Spec 3 §3 "Kanban ticket": ticket number, contact number, last message and a link to /tickets/{uuid}. */
export function KanbanCardBody({ card, compact }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className="kanban-card__top">
        <span className="kanban-card__ticket">{t('kanban.ticket', { id: card.id })}</span>
        <Link
          to={paths.app.ticket.getHref(card.uuid)}
          className="kanban-card__link"
          aria-label={t('kanban.openTicket', { id: card.id })}
          title={t('kanban.openTicket', { id: card.id })}
          onPointerDown={(e) => e.stopPropagation()}
          onMouseDown={(e) => e.stopPropagation()}
        >
          <ExternalLink size={15} aria-hidden />
        </Link>
      </div>
      <div className="kanban-card__contact">
        <span className="kanban-card__name">{card.contact.name || card.contact.number}</span>
        <span className="kanban-card__number">{card.contact.number}</span>
      </div>
      {compact ? null : <p className={`kanban-card__message${card.lastMessage ? '' : ' muted'}`}>{card.lastMessage || t('kanban.noMessage')}</p>}
    </>
  );
}

/** A card that can be picked up with the mouse, a finger or the keyboard (space or Enter on the focused card). */
export function DraggableCard({ card, compact }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: cardDragId(card.id), data: { cardId: card.id, laneId: card.laneId }, attributes: { roleDescription: t('kanban.dnd.role') } });
  const ref = (el: HTMLElement | null) => {
    setNodeRef(el);
    setActivatorNodeRef(el);
  };
  return (
    <li
      ref={ref}
      className={`kanban-card${compact ? ' kanban-card--compact' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-testid={`kanban-card-${card.id}`}
      data-card-id={card.id}
      {...attributes}
      {...listeners}
    >
      <KanbanCardBody card={card} compact={compact} />
    </li>
  );
}
