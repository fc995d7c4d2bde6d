import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AuditEntry, AuditPage } from '@conversa/shared/schemas/audit';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { formatDate, formatTime } from '../../../lib/format';
import { AuditChanges } from './audit-changes';

type Props = { query: UseInfiniteQueryResult<InfiniteData<AuditPage>> };

/** The entries, newest first; the next page (cursor) on scrolling near the end. */
export function AuditTable({ query }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  const target = (e: AuditEntry) => {
    if (e.action === 'setting.update' && e.targetId) return t(`settings.keys.${e.targetId}`, { defaultValue: e.targetId });
    return [e.targetName, e.targetId && !e.targetName ? `#${e.targetId}` : undefined].filter(Boolean).join(' ');
  };

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('audit.loadingMore')} testId="audit-scroll">
      <DataTable
        className="audit-table"
        rows={rows}
        rowKey={(e) => e.id}
        rowAttrs={(e) => ({ 'data-testid': `audit-${e.id}`, 'data-action': e.action })}
        empty={t('audit.empty')}
        columns={[
          { key: 'when', header: t('audit.colWhen'), className: 'audit-table__when', cell: (e) => `${formatDate(e.at)} ${formatTime(e.at)}` },
          { key: 'who', header: t('audit.colWho'), cellClassName: 'cell-strong', cell: (e) => e.userName },
          { key: 'action', header: t('audit.colAction'), cell: (e) => t(`audit.actions.${e.action}`) },
          { key: 'target', header: t('audit.colTarget'), cellClassName: 'audit-table__target', cell: target },
          { key: 'changes', header: t('audit.colChanges'), cellClassName: 'audit-table__changes', cell: (e) => <AuditChanges entry={e} /> },
        ]}
      />
    </PagedScroll>
  );
}
