import { useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useBrandColors, useColorMode } from '../../../lib/theme-mode';
import { chartColors, todayRange, type BarRow, type DateRange } from '../lib/dashboard-format';
import { DateRangeFields } from './date-range-fields';

type Props = {
  id: string;
  title: string;
  /** Rows for a range, from the card's own query. */
  useRows(range: DateRange): { rows: BarRow[]; total: number | undefined; isPending: boolean; isError: boolean };
};

/** A bar chart with its own date filter (spec 1 §2: tickets per user, tickets per day or hour). */
export function BarChartCard({ id, title, useRows }: Props) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(todayRange);
  const { rows, total, isPending, isError } = useRows(range);
  const colors = chartColors(useColorMode(), useBrandColors().main);

  return (
    <section className="card dash-chart" aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="dash-chart__head">
        <h2 id={`${id}-title`} className="dash-chart__title">
          {title}
          {total !== undefined ? <span className="dash-chart__total"> · {t('dashboard.charts.total', { count: total })}</span> : null}
        </h2>
        <DateRangeFields idPrefix={id} value={range} onChange={setRange} />
      </header>
      <div className="dash-chart__body">
        {isPending ? (
          <div className="list-state">
            <Loader size="large" />
          </div>
        ) : isError ? (
          <p className="list-state" role="alert">{t('dashboard.loadFailed')}</p>
        ) : rows.length === 0 ? (
          <p className="list-state">{t('dashboard.charts.empty')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
              <XAxis dataKey="label" tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={{ stroke: colors.grid }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
              <Tooltip
                cursor={{ fill: colors.cursor }}
                contentStyle={{ background: colors.tooltipBg, border: `1px solid ${colors.grid}`, borderRadius: 8, color: colors.tooltipText }}
                labelStyle={{ color: colors.tooltipText, fontWeight: 600 }}
                itemStyle={{ color: colors.tooltipText }}
                formatter={(v) => [String(v), t('dashboard.charts.tickets')]}
              />
              <Bar dataKey="total" fill={colors.bar} radius={[6, 6, 0, 0]} maxBarSize={48} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </div>
    </section>
  );
}
