import { useTranslation } from 'react-i18next';
import type { DashboardView } from '@conversa/shared/schemas/dashboard';
import { formatHoursMinutes } from '../lib/dashboard-format';

/** Attendants of the range with their online status (spec 1 §3 "Dashboard data"). */
export function AttendantsTable({ attendants }: { attendants: DashboardView['attendants'] }) {
  const { t } = useTranslation();
  return (
    <section className="card dash-attendants" aria-labelledby="dash-attendants-title">
      <h2 id="dash-attendants-title" className="dash-chart__title">{t('dashboard.attendants.title')}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="dash-attendants">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.attendants.name')}</th>
              <th scope="col">{t('dashboard.attendants.tickets')}</th>
              <th scope="col">{t('dashboard.attendants.avgSupport')}</th>
              <th scope="col">{t('dashboard.attendants.status')}</th>
            </tr>
          </thead>
          <tbody>
            {attendants.length === 0 ? (
              <tr>
                <td colSpan={4} className="data-table__empty">{t('dashboard.attendants.empty')}</td>
              </tr>
            ) : (
              attendants.map((a) => (
                <tr key={a.id}>
                  <td className="cell-strong" data-label={t('dashboard.attendants.name')}>{a.name}</td>
                  <td data-label={t('dashboard.attendants.tickets')}>
                    <span className="dash-inline-label">{t('dashboard.attendants.tickets')}: </span>
                    {a.tickets}
                  </td>
                  <td data-label={t('dashboard.attendants.avgSupport')}>
                    <span className="dash-inline-label">{t('dashboard.attendants.avgSupport')}: </span>
                    {formatHoursMinutes(a.avgSupportTime)}
                  </td>
                  <td data-label={t('dashboard.attendants.status')}>
                    <span className={`status-dot ${a.online ? 'status-dot--on' : ''}`} aria-hidden />
                    {a.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
