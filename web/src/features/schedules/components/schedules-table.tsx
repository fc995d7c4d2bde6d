import type { ReactNode } from 'react';
import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { schedulePreview, type SchedulesPage, type ScheduleView } from '@conversa/shared/schemas/schedules';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { capitalised, formatSendAt } from '../lib/schedule-form';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<SchedulesPage>>;
  /** The Active campaigns list: a first column naming the lane's campaign, and no row actions. */
  campaign?: { header: string; cell(s: ScheduleView): ReactNode };
  onEdit?(s: ScheduleView): void;
  onDelete?(s: ScheduleView): void;
  /** The list's texts (the Active campaigns list has its own). */
  texts?: { empty: string; loadingMore: string };
};

const VARIATION = { PENDENTE: 'warning', ENVIADA: 'success', ERRO: 'error' } as const;

/**
 * Contact, body cut at 25 characters, send time, status (spec 3 "Schedules page"); more on scroll.
 * With `campaign`, the lane's campaign first (spec 3 "Active campaigns").
 */
export function SchedulesTable({ query, campaign, onEdit, onDelete, texts }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.schedules) ?? [];
  const actions = onEdit && onDelete ? { onEdit, onDelete } : false;
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={texts?.loadingMore ?? t('schedules.loadingMore')} testId="schedules-scroll">
      <DataTable
        className="schedules-table"
        rows={rows}
        rowKey={(s) => s.id}
        rowAttrs={(s) => ({ 'data-testid': `schedule-${s.id}`, 'data-status': s.status })}
        empty={texts?.empty ?? t('schedules.empty')}
        columns={[
          campaign ? { key: 'campaign', header: campaign.header, cellClassName: 'cell-wrap', cell: campaign.cell } : false,
          { key: 'contact', header: t('schedules.colContact'), cellClassName: 'cell-strong cell-wrap', cell: (s) => s.contact.name },
          {
            key: 'body',
            header: t('schedules.colBody'),
            cellClassName: 'cell-wrap',
            cell: (s) => (
              <span title={s.body}>
                {schedulePreview(s.body)}
                {s.daysR > 0 ? <span className="muted schedules-table__repeat"> · {t('schedules.recurring', { count: s.daysR })}</span> : null}
              </span>
            ),
          },
          { key: 'sendAt', header: t('schedules.colSendAt'), cellClassName: 'cell-nowrap', cell: (s) => formatSendAt(s.sendAt) },
          {
            key: 'status',
            header: t('schedules.colStatus'),
            cell: (s) =>
              s.status === 'ERRO' ? (
                <span className="schedules-table__error" title={t('schedules.errorTitle')}>
                  <Badge size="small" variation="error">{capitalised(s.status)}</Badge>
                  <span className="schedules-table__reason">
                    <strong>{t('schedules.errorTitle')}</strong>
                    {s.error ? `: ${errorMessage(s.error, currentLang(), s.error)}` : null}
                  </span>
                </span>
              ) : (
                <Badge size="small" variation={VARIATION[s.status]}>{capitalised(s.status)}</Badge>
              ),
          },
          actions && {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (s) => <EditDeleteButtons editLabel={t('schedules.edit', { name: s.contact.name })} deleteLabel={t('schedules.remove', { name: s.contact.name })} onEdit={() => actions.onEdit(s)} onDelete={() => actions.onDelete(s)} />,
          },
        ]}
      />
    </PagedScroll>
  );
}
