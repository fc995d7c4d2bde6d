import { useTranslation } from 'react-i18next';
import type { QueueView } from '@conversa/shared/schemas/queues';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = { list: UseQueryResult<QueueView[]>; onEdit(q: QueueView): void; onDelete(q: QueueView): void };

/** Spec 3 "Queues list": ID, name, colour swatch, greeting message, edit and delete. */
export function QueuesList({ list, onEdit, onDelete }: Props) {
  const { t } = useTranslation();

  if (list.isPending || list.isError) return <LoadState query={list} />;

  return (
    <div className="table-scroll">
      <table className="data-table queues-table">
        <thead>
          <tr>
            <th scope="col" className="col-id">{t('queues.col.id')}</th>
            <th scope="col">{t('queues.col.name')}</th>
            <th scope="col" className="queues-table__color">{t('queues.col.color')}</th>
            <th scope="col" className="hide-sm">{t('queues.col.greeting')}</th>
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.length === 0 ? (
            <tr>
              <td colSpan={5} className="data-table__empty">
                {t('queues.empty')}
              </td>
            </tr>
          ) : (
            list.data.map((q) => (
              <tr key={q.id} data-testid={`queue-${q.id}`}>
                <td className="col-id">{q.id}</td>
                <td className="cell-strong">{q.name}</td>
                <td className="queues-table__color">
                  <span className="queue-swatch" style={{ background: q.color }} title={q.color} role="img" aria-label={t('queues.colorOf', { color: q.color })} />
                </td>
                <td className="hide-sm cell-wrap">
                  <span className="queues-table__greeting">{q.greetingMessage}</span>
                </td>
                <td className="col-actions">
                  <EditDeleteButtons editLabel={t('queues.editOne', { name: q.name })} deleteLabel={t('queues.deleteOne', { name: q.name })} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
