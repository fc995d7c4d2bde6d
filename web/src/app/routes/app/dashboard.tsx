import { useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Filter, RotateCcw } from 'lucide-react';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { useDashboard } from '../../../features/dashboard/api/get-dashboard';
import { useTicketsByDay } from '../../../features/dashboard/api/get-tickets-by-day';
import { useTicketsByUser } from '../../../features/dashboard/api/get-tickets-by-user';
import { AttendantsTable } from '../../../features/dashboard/components/attendants-table';
import { BarChartCard } from '../../../features/dashboard/components/bar-chart-card';
import { DateRangeFields } from '../../../features/dashboard/components/date-range-fields';
import { StatCards } from '../../../features/dashboard/components/stat-cards';
import { dayBars, todayRange, userBars, type DateRange } from '../../../features/dashboard/lib/dashboard-format';
import '../../../styles/dashboard.css';

function useUserRows(range: DateRange) {
  const q = useTicketsByUser(range);
  return { rows: userBars(q.data), total: q.data?.count, isPending: q.isPending, isError: q.isError };
}

function useDayRows(range: DateRange) {
  const q = useTicketsByDay(range);
  return { rows: dayBars(q.data), total: q.data?.count, isPending: q.isPending, isError: q.isError };
}

/** /dashboard (spec 1 §2 "Dashboard", admin): cards, optional date filter, two charts, attendants. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const [showFilter, setShowFilter] = useState(false);
  const [range, setRange] = useState<DateRange>(todayRange);
  const dash = useDashboard(range);
  const isToday = range.from === todayRange().from && range.to === todayRange().to;

  return (
    <ContentLayout
      title={t('dashboard.title')}
      actions={
        <Button size="small" gap="0.4rem" aria-expanded={showFilter} aria-controls="dash-filter" onClick={() => setShowFilter((s) => !s)}>
          <Filter size={16} aria-hidden />
          {showFilter ? t('dashboard.filter.hide') : t('dashboard.filter.show')}
        </Button>
      }
    >
      <div className="dash">
        {showFilter ? (
          <section id="dash-filter" className="card dash-filter" aria-label={t('dashboard.filter.label')}>
            <DateRangeFields idPrefix="dash" value={range} onChange={setRange} />
            <Button size="small" variation="link" gap="0.3rem" isDisabled={isToday} onClick={() => setRange(todayRange())}>
              <RotateCcw size={14} aria-hidden />
              {t('dashboard.filter.today')}
            </Button>
            {dash.isFetching ? <Loader /> : null}
          </section>
        ) : null}
        {dash.isError && !dash.data ? (
          <p className="field-error" role="alert">{t('dashboard.loadFailed')}</p>
        ) : (
          <StatCards data={dash.data} />
        )}
        <div className="dash-charts">
          <BarChartCard id="chart-users" title={t('dashboard.charts.byUser')} useRows={useUserRows} />
          <BarChartCard id="chart-days" title={t('dashboard.charts.byDay')} useRows={useDayRows} />
        </div>
        <AttendantsTable attendants={dash.data?.attendants ?? []} />
      </div>
    </ContentLayout>
  );
}
