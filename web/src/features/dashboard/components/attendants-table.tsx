import { useTranslation } from 'react-i18next';
import type { DashboardView } from '@conversa/shared/schemas/dashboard';
import { DataTable } from '../../../components/ui/data-table';
import { formatHoursMinutes } from '../lib/dashboard-format';

/** Attendants of the range with their online status (spec 1 §3 "Dashboard data"). */
export function AttendantsTable({ attendants }: { attendants: DashboardView['attendants'] }) {
  const { t } = useTranslation();
  return (
    <section className="card dash-attendants" aria-labelledby="dash-attendants-title">
      <h2 id="dash-attendants-title" className="dash-chart__title">{t('dashboard.attendants.title')}</h2>
      <div className="table-scroll">
        <DataTable
          testId="dash-attendants"
          rows={attendants}
          rowKey={(a) => a.id}
          empty={t('dashboard.attendants.empty')}
          columns={[
            { key: 'name', header: t('dashboard.attendants.name'), cellClassName: 'cell-strong', cell: (a) => a.name },
            {
              key: 'tickets',
              header: t('dashboard.attendants.tickets'),
              cell: (a) => (
                <>
                  <span className="dash-inline-label">{t('dashboard.attendants.tickets')}: </span>
                  {a.tickets}
                </>
              ),
            },
            {
              key: 'avgSupport',
              header: t('dashboard.attendants.avgSupport'),
              cell: (a) => (
                <>
                  <span className="dash-inline-label">{t('dashboard.attendants.avgSupport')}: </span>
                  {formatHoursMinutes(a.avgSupportTime)}
                </>
              ),
            },
            {
              key: 'status',
              header: t('dashboard.attendants.status'),
              cell: (a) => (
                <>
                  <span className={`status-dot ${a.online ? 'status-dot--on' : ''}`} aria-hidden />
                  {a.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                </>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
