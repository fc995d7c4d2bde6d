import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useColorMode } from '../../../lib/theme-mode';
import { LEVEL_COLORS, levelRows } from '../lib/satisfaction-format';

const AXES = {
  light: { grid: '#e2e7ef', axis: '#5d6b7b', tooltipBg: '#ffffff', tooltipText: '#17212b', cursor: 'rgba(0,0,0,0.04)' },
  dark: { grid: '#273240', axis: '#97a4b2', tooltipBg: '#1b232d', tooltipText: '#e5ebf1', cursor: 'rgba(255,255,255,0.06)' },
};

/**
 * The five levels as bars, very dissatisfied to very satisfied in red to green, each with its
 * count and share; a plain list below repeats them for screen readers and the test.
 */
export function LevelsChart({ data }: { data: SatisfactionView | undefined }) {
  const { t, i18n } = useTranslation();
  const colors = AXES[useColorMode()];
  // Five names do not fit under a phone's bars: there the coloured legend below names them.
  const narrow = useMediaQuery('(max-width: 599px)');
  const rows = levelRows(data).map((r) => ({ ...r, label: t(`ratings.report.levels.${r.level}`) }));
  const pct = (share: number) => share.toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <section className="card sat-levels" aria-labelledby="sat-levels-title" data-testid="sat-levels">
      <h2 id="sat-levels-title" className="sat-section__title">{t('ratings.report.levelsTitle')}</h2>
      {!data ? (
        <div className="list-state">
          <Loader size="large" />
        </div>
      ) : data.totalResponses === 0 ? (
        <p className="list-state">{t('ratings.report.empty')}</p>
      ) : (
        <div className="sat-levels__chart" aria-hidden>
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={rows} margin={{ top: 24, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
              <XAxis dataKey="label" tick={narrow ? false : { fill: colors.axis, fontSize: 12 }} height={narrow ? 8 : 30} tickLine={false} axisLine={{ stroke: colors.grid }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
              <Tooltip
                cursor={{ fill: colors.cursor }}
                contentStyle={{ background: colors.tooltipBg, border: `1px solid ${colors.grid}`, borderRadius: 8, color: colors.tooltipText }}
                labelStyle={{ color: colors.tooltipText, fontWeight: 600 }}
                itemStyle={{ color: colors.tooltipText }}
                formatter={(v) => [String(v), t('ratings.report.responses')]}
              />
              <Bar dataKey="total" radius={[6, 6, 0, 0]} maxBarSize={64} isAnimationActive={false}>
                {rows.map((r) => (
                  <Cell key={r.level} fill={LEVEL_COLORS[r.level]} />
                ))}
                <LabelList dataKey="total" position="top" fill={colors.axis} fontSize={12} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <ul className="sat-legend">
        {rows.map((r) => (
          <li key={r.level} data-testid={`sat-level-${r.level}`} data-count={r.total}>
            <span className="sat-legend__dot" style={{ background: LEVEL_COLORS[r.level] }} aria-hidden />
            <span className="sat-legend__label">{r.label}</span>
            <strong className="sat-legend__count">{r.total}</strong>
            <span className="sat-legend__pct muted">{pct(r.share)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
