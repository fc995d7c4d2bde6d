import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import type { QueueView } from '@conversa/shared/schemas/queues';
import type { UseQueryResult } from '@tanstack/react-query';

type Props = { list: UseQueryResult<QueueView[]>; onEdit(q: QueueView): void; onDelete(q: QueueView): void };

/** Spec 3 "Queues list": ID, name, colour swatch, greeting message, edit and delete. */
export function QueuesList({ list, onEdit, onDelete }: Props) {
  const { t } = useTranslation();

  if (list.isPending) {
    return (
      <div className="list-state">
        <Loader size="large" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="list-state" role="alert">
        <p>{t('common.loadFailed')}</p>
        <Button size="small" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

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
                  <button type="button" className="icon-button" aria-label={t('queues.editOne', { name: q.name })} title={t('common.edit')} onClick={() => onEdit(q)}>
                    <Pencil size={18} aria-hidden />
                  </button>
                  <button type="button" className="icon-button icon-button--danger" aria-label={t('queues.deleteOne', { name: q.name })} title={t('common.delete')} onClick={() => onDelete(q)}>
                    <Trash2 size={18} aria-hidden />
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
