import { Badge, Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { RECURRENCE_MONTHS } from '@conversa/shared/constants';
import { dueDateColour } from '@conversa/shared/recurrence';
import { PLATFORM_COMPANY_ID, type CompaniesPage, type CompanyView } from '@conversa/shared/schemas/companies';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { formatDate, isoDate } from '../../../lib/format';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<CompaniesPage>>;
  onEdit(c: CompanyView): void;
  onDelete(c: CompanyView): void;
  /** '+ Vencimento' (the Companies screen); absent in the Settings tab's table. */
  onAddDue?(c: CompanyView): void;
  busyId?: number;
  testId?: string;
};

/**
 * The platform's companies (spec 2 "Companies list"): infinite scroll; the due date coloured green
 * more than 5 days away, yellow 1 to 5, red 0 or past; '+ Vencimento' adds the recurrence's months.
 */
export function CompaniesTable({ query, onEdit, onDelete, onAddDue, busyId, testId = 'companies-scroll' }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.companies) ?? [];
  const today = isoDate();
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('companies.loadingMore')} testId={testId}>
      <DataTable
        className="companies-table"
        rows={rows}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ 'data-testid': `company-${c.id}`, 'data-due': c.dueDate ? dueDateColour(c.dueDate, today) : undefined, className: c.dueDate ? `due--${dueDateColour(c.dueDate, today)}` : undefined })}
        empty={t('companies.empty')}
        columns={[
          { key: 'id', header: t('companies.col.id'), className: 'hide-sm col-id', cell: (c) => c.id },
          { key: 'name', header: t('companies.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (c) => c.name },
          { key: 'email', header: t('companies.col.email'), className: 'col-email', cellClassName: 'cell-wrap', cell: (c) => c.email },
          { key: 'plan', header: t('companies.col.plan'), cell: (c) => c.plan?.name ?? '—' },
          {
            key: 'status',
            header: t('companies.col.status'),
            cell: (c) =>
              c.deletion ? (
                <Badge size="small" variation="error">{t('companies.deleting')}</Badge>
              ) : (
                <Badge size="small" variation={c.status ? 'success' : 'warning'}>{c.status ? t('companies.active') : t('companies.inactive')}</Badge>
              ),
          },
          {
            key: 'due',
            header: t('companies.col.dueDate'),
            cell: (c) =>
              c.dueDate ? (
                <span className={`due-chip due-chip--${dueDateColour(c.dueDate, today)}`} title={t(`companies.due.${dueDateColour(c.dueDate, today)}`)}>
                  {formatDate(c.dueDate)}
                </span>
              ) : (
                <span className="cell-muted">{t('companies.noDue')}</span>
              ),
          },
          { key: 'recurrence', header: t('companies.col.recurrence'), className: 'hide-sm col-recurrence', cell: (c) => t(`companies.recurrences.${c.recurrence}`) },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions companies-actions',
            label: false,
            cell: (c) =>
              c.deletion ? null : (
                <>
                  {onAddDue ? (
                    <Button size="small" variation="link" className="add-due" onClick={() => onAddDue(c)} isLoading={busyId === c.id} aria-label={t('companies.addDueLabel', { months: RECURRENCE_MONTHS[c.recurrence], name: c.name })}>
                      {t('companies.addDue')}
                    </Button>
                  ) : null}
                  {c.id === PLATFORM_COMPANY_ID ? (
                    // The platform's company is never deleted: edit only.
                    <button type="button" className="icon-button" aria-label={t('companies.edit', { name: c.name })} title={t('common.edit')} onClick={() => onEdit(c)}>
                      <Pencil size={18} aria-hidden />
                    </button>
                  ) : (
                    <EditDeleteButtons editLabel={t('companies.edit', { name: c.name })} deleteLabel={t('companies.remove', { name: c.name })} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
                  )}
                </>
              ),
          },
        ]}
      />
    </PagedScroll>
  );
}
