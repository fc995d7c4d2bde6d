import { useTranslation } from 'react-i18next';
import type { QueueView } from '@conversa/shared/schemas/queues';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = { list: UseQueryResult<QueueView[]>; onEdit(q: QueueView): void; onDelete(q: QueueView): void };

/** Spec 3 "Queues list": ID, name, colour swatch, greeting message, edit and delete. */
export function QueuesList({ list, onEdit, onDelete }: Props) {
  const { t } = useTranslation();

  if (list.isPending || list.isError) return <LoadState query={list} />;

  return (
    <div className="table-scroll">
      <DataTable
        className="queues-table"
        rows={list.data}
        rowKey={(q) => q.id}
        rowAttrs={(q) => ({ 'data-testid': `queue-${q.id}` })}
        empty={t('queues.empty')}
        columns={[
          { key: 'id', header: t('queues.col.id'), className: 'col-id', cell: (q) => q.id },
          { key: 'name', header: t('queues.col.name'), cellClassName: 'cell-strong', cell: (q) => q.name },
          {
            key: 'color',
            header: t('queues.col.color'),
            className: 'queues-table__color',
            cell: (q) => <span className="queue-swatch" style={{ background: q.color }} title={q.color} role="img" aria-label={t('queues.colorOf', { color: q.color })} />,
          },
          { key: 'greeting', header: t('queues.col.greeting'), className: 'hide-sm', cellClassName: 'cell-wrap', cell: (q) => <span className="queues-table__greeting">{q.greetingMessage}</span> },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (q) => <EditDeleteButtons editLabel={t('queues.editOne', { name: q.name })} deleteLabel={t('queues.deleteOne', { name: q.name })} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />,
          },
        ]}
      />
    </div>
  );
}
