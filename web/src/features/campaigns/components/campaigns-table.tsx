import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChartColumn, CircleStop, Copy, RotateCcw } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CampaignsPage, CampaignView } from '@conversa/shared/schemas/campaigns';
import { paths } from '../../../config/paths';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { formatWhen } from '../lib/campaign-form';
import { canRestart, canStop } from '../lib/report';
import { CampaignStatusChip } from './campaign-status-chip';

/** A date over its time (the columns stay narrow); one line on phones. */
function When({ iso }: { iso: string }) {
  const [date, time] = formatWhen(iso).split(' ');
  return (
    <span className="campaign-when">
      {date} <span className="campaign-when__time">{time}</span>
    </span>
  );
}

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<CampaignsPage>>;
  /** The campaign whose action is running (its buttons wait). */
  busyId?: number;
  onEdit(c: CampaignView): void;
  onDelete(c: CampaignView): void;
  onStop(c: CampaignView): void;
  onRestart(c: CampaignView): void;
  onClone(c: CampaignView): void;
};

/**
 * Spec 3 "Campaigns page": name, status, contact list, connection, scheduled at, completed at,
 * confirmation; actions: stop when running, restart when cancelled, report, edit, clone, delete.
 */
export function CampaignsTable({ query, busyId, onEdit, onDelete, onStop, onRestart, onClone }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;
  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('campaigns.loadingMore')} testId="campaigns-scroll">
      <DataTable
        className="campaigns-table"
        rows={rows}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ 'data-testid': `campaign-${c.id}`, 'data-status': c.status })}
        empty={t('campaigns.empty')}
        columns={[
          { key: 'name', header: t('campaigns.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (c) => <Link to={paths.app.campaignReport.getHref(c.id)}>{c.name}</Link> },
          { key: 'status', header: t('campaigns.col.status'), cellClassName: 'cell-wrap', cell: (c) => <CampaignStatusChip campaign={c} /> },
          { key: 'list', header: t('campaigns.col.contactList'), cellClassName: 'cell-words', cell: (c) => c.contactList?.name ?? <span className="muted">{t('campaigns.notDefined')}</span> },
          { key: 'whatsapp', header: t('campaigns.col.whatsapp'), cellClassName: 'cell-words', cell: (c) => c.whatsapp?.name ?? <span className="muted">{t('campaigns.notDefined')}</span> },
          { key: 'scheduledAt', header: t('campaigns.col.scheduledAt'), cellClassName: 'cell-nowrap', cell: (c) => (c.scheduledAt ? <When iso={c.scheduledAt} /> : <span className="muted" title={t('campaigns.notScheduled')}>—</span>) },
          { key: 'completedAt', header: t('campaigns.col.completedAt'), cellClassName: 'cell-nowrap', cell: (c) => (c.completedAt ? <When iso={c.completedAt} /> : <span className="muted" title={t('campaigns.notCompleted')}>—</span>) },
          { key: 'confirmation', header: t('campaigns.col.confirmation'), cellClassName: 'cell-nowrap', cell: (c) => (c.confirmation ? t('campaigns.confirmationOn') : t('campaigns.confirmationOff')) },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (c) => (
              <>
                {canStop(c.status) ? (
                  <button type="button" className="icon-button icon-button--danger" disabled={busyId === c.id} aria-label={t('campaigns.actions.stop', { name: c.name })} title={t('campaigns.actions.stop', { name: c.name })} onClick={() => onStop(c)}>
                    <CircleStop size={18} aria-hidden />
                  </button>
                ) : null}
                {canRestart(c.status) ? (
                  <button type="button" className="icon-button" disabled={busyId === c.id} aria-label={t('campaigns.actions.restart', { name: c.name })} title={t('campaigns.actions.restart', { name: c.name })} onClick={() => onRestart(c)}>
                    <RotateCcw size={18} aria-hidden />
                  </button>
                ) : null}
                <Link className="icon-button" to={paths.app.campaignReport.getHref(c.id)} aria-label={t('campaigns.actions.report', { name: c.name })} title={t('campaigns.actions.report', { name: c.name })}>
                  <ChartColumn size={18} aria-hidden />
                </Link>
                <button type="button" className="icon-button" disabled={busyId === c.id} aria-label={t('campaigns.actions.clone', { name: c.name })} title={t('campaigns.actions.clone', { name: c.name })} onClick={() => onClone(c)}>
                  <Copy size={18} aria-hidden />
                </button>
                <EditDeleteButtons editLabel={t('campaigns.actions.edit', { name: c.name })} deleteLabel={t('campaigns.actions.remove', { name: c.name })} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
              </>
            ),
          },
        ]}
      />
    </PagedScroll>
  );
}
