import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_STATUSES, type RecipientStatus, type RecipientView } from '@conversa/shared/schemas/campaigns';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { useRecipients } from '../api/get-recipients';
import { formatWhen } from '../lib/campaign-form';
import { STATUS_COLORS } from '../lib/report';

type Props = { campaignId: number; status: RecipientStatus | undefined; onStatus(s: RecipientStatus | undefined): void };

/** The latest thing that happened to a recipient, for the time column. */
const lastAt = (r: RecipientView): string | null => r.readAt ?? r.deliveredAt ?? r.sentAt ?? r.confirmedAt ?? r.confirmationRequestedAt ?? r.plannedAt;

/** The report's per-recipient table (issue 22): cursor pages on scroll, a status filter, each status with its reason. */
export function RecipientsTable({ campaignId, status, onStatus }: Props) {
  const { t } = useTranslation();
  const query = useRecipients(campaignId, status);
  const rows = query.data?.pages.flatMap((p) => p.recipients) ?? [];
  return (
    <section className="card card--fill campaign-recipients" aria-labelledby="campaign-recipients-title">
      <header className="campaign-recipients__head">
        <h2 id="campaign-recipients-title" className="campaign-report__subtitle">
          {t('campaigns.report.recipientsTitle')}
        </h2>
        <SelectField label={t('campaigns.report.filter')} labelHidden size="small" name="recipientStatus" value={status ?? ''} onChange={(e) => onStatus((e.target.value || undefined) as RecipientStatus | undefined)}>
          <option value="">{t('campaigns.report.allStatuses')}</option>
          {RECIPIENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`campaigns.report.recipientStatus.${s}`)}
            </option>
          ))}
        </SelectField>
      </header>
      {query.isPending || (query.isError && rows.length === 0) ? (
        <LoadState query={query} />
      ) : (
        <PagedScroll query={query} rowCount={rows.length} loadingMore={t('campaigns.report.loadingMore')} testId="recipients-scroll">
          <DataTable
            className="recipients-table"
            rows={rows}
            rowKey={(r) => r.itemId}
            rowAttrs={(r) => ({ 'data-testid': `recipient-${r.itemId}`, 'data-status': r.status })}
            empty={t('campaigns.report.empty')}
            columns={[
              { key: 'name', header: t('campaigns.report.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (r) => r.name },
              { key: 'number', header: t('campaigns.report.col.number'), cellClassName: 'cell-nowrap', cell: (r) => r.number },
              {
                key: 'status',
                header: t('campaigns.report.col.status'),
                cellClassName: 'cell-wrap',
                cell: (r) => (
                  <span className="recipient-status">
                    <span className="recipient-status__dot" style={{ background: STATUS_COLORS[r.status] }} aria-hidden />
                    {t(`campaigns.report.recipientStatus.${r.status}`)}
                  </span>
                ),
              },
              { key: 'variant', header: t('campaigns.report.col.variant'), className: 'hide-sm', cellClassName: 'cell-nowrap', cell: (r) => (r.variant && r.status !== 'invalid' ? t('campaigns.report.variant', { n: r.variant }) : '') },
              { key: 'at', header: t('campaigns.report.col.at'), cellClassName: 'cell-nowrap', cell: (r) => formatWhen(lastAt(r)) },
              { key: 'reason', header: t('campaigns.report.col.reason'), cellClassName: 'cell-wrap recipient-reason', cell: (r) => (r.reason ? errorMessage(r.reason, currentLang(), r.reason) : '') },
            ]}
          />
        </PagedScroll>
      )}
    </section>
  );
}
