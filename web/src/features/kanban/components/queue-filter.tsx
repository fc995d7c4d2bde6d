import { useTranslation } from 'react-i18next';

export type QueueChip = { id: number; name: string; color: string };

type Props = { queues: readonly QueueChip[]; selected: readonly number[]; onChange(ids: number[]): void };

/** The user's queues as toggles ("Todas" = no filter): the board asks the server for the cards of the chosen ones. */
export function QueueFilter({ queues, selected, onChange }: Props) {
  const { t } = useTranslation();
  if (!queues.length) return null;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div className="kanban-queues" role="group" aria-label={t('kanban.queueFilter')}>
      <span className="kanban-queues__label muted">{t('kanban.queues')}</span>
      <button type="button" className="kanban-queue" aria-pressed={selected.length === 0} onClick={() => onChange([])}>
        {t('kanban.allQueues')}
      </button>
      {queues.map((q) => (
        <button key={q.id} type="button" className="kanban-queue" aria-pressed={selected.includes(q.id)} onClick={() => toggle(q.id)}>
          <span className="kanban-dot" style={{ background: q.color }} aria-hidden />
          {q.name}
        </button>
      ))}
    </div>
  );
}
