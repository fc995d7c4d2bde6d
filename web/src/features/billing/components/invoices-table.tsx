import { Badge, Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { InvoicesPage, InvoiceView } from '@conversa/shared/schemas/billing';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { formatBRL, formatDate } from '../../../lib/format';
import { invoiceDisplay } from '@conversa/shared/invoices';
import { canPay } from '../lib/invoice-status';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<InvoicesPage>>;
  today: string;
  onPay(inv: InvoiceView): void;
};

const BADGE = { paid: 'success', overdue: 'error', open: 'warning' } as const;

/** The invoices list (spec 2 "Invoices list"): infinite scroll; overdue rows tinted; pay only while not paid. */
export function InvoicesTable({ query, today, onPay }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('billing.loadingMore')} testId="invoices-scroll">
      <DataTable
        className="invoices-table"
        rows={rows}
        rowKey={(r) => r.id}
        rowAttrs={(r) => {
          const d = invoiceDisplay(r, today);
          return { className: d === 'overdue' ? 'invoice-row--overdue' : undefined, 'data-testid': `invoice-${r.id}`, 'data-status': d };
        }}
        empty={t('billing.empty')}
        columns={[
          { key: 'id', header: t('billing.col.id'), className: 'hide-sm', cell: (r) => r.id },
          { key: 'detail', header: t('billing.col.detail'), cellClassName: 'cell-strong', cell: (r) => r.detail },
          { key: 'users', header: t('billing.col.users'), className: 'hide-sm', cell: (r) => r.users },
          { key: 'connections', header: t('billing.col.connections'), className: 'hide-sm', cell: (r) => r.connections },
          { key: 'queues', header: t('billing.col.queues'), className: 'hide-sm', cell: (r) => r.queues },
          { key: 'value', header: t('billing.col.value'), cell: (r) => formatBRL(r.value) },
          { key: 'dueDate', header: t('billing.col.dueDate'), cell: (r) => formatDate(r.dueDate) },
          {
            key: 'status',
            header: t('billing.col.status'),
            cell: (r) => {
              const d = invoiceDisplay(r, today);
              return (
                <Badge size="small" variation={BADGE[d]}>
                  {t(`billing.status.${d}`)}
                </Badge>
              );
            },
          },
          {
            key: 'action',
            header: t('billing.col.action'),
            className: 'col-actions',
            label: false,
            cell: (r) =>
              canPay(r) ? (
                <Button size="small" variation="primary" onClick={() => onPay(r)} aria-label={t('billing.payInvoice', { id: r.id })}>
                  {t('billing.pay')}
                </Button>
              ) : (
                <Badge size="small" variation="success">
                  {t('billing.paid')}
                </Badge>
              ),
          },
        ]}
      />
    </PagedScroll>
  );
}
