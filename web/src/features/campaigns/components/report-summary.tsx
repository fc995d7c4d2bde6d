import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import { useColorMode } from '../../../lib/theme-mode';
import { formatWhen } from '../lib/campaign-form';
import { doneCount, progressPercent, reportCounters, statusSlices } from '../lib/report';
import { CampaignStatusChip } from './campaign-status-chip';

const TOOLTIP = {
  light: { bg: '#ffffff', text: '#17212b', border: '#e2e7ef' },
  dark: { bg: '#1b232d', text: '#e5ebf1', border: '#273240' },
};

/**
 * The report's top (spec 3 "Campaigns page", issue 22 "Screens"): the campaign's name, status,
 * connection and list; the live counters (valid, delivered, confirmation requested, confirmed,
 * then sent, read, failed, pending…), the progress bar, and a donut of the recipients by status.
 */
export function ReportSummary({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const c = campaign.counts;
  const percent = progressPercent(c);
  const slices = statusSlices(c).map((s) => ({ ...s, label: t(`campaigns.report.recipientStatus.${s.key}`) }));
  const tip = TOOLTIP[useColorMode()];
  const counters = reportCounters(c, campaign.confirmation);
  return (
    <>
      <section className="card campaign-report__head" aria-label={campaign.name}>
        <dl className="campaign-report__facts">
          <div>
            <dt>{t('campaigns.report.status')}</dt>
            <dd>
              <CampaignStatusChip campaign={campaign} />
            </dd>
          </div>
          <div>
            <dt>{t('campaigns.report.whatsapp')}</dt>
            <dd>{campaign.whatsapp?.name ?? t('campaigns.notDefined')}</dd>
          </div>
          <div>
            <dt>{t('campaigns.report.contactList')}</dt>
            <dd>{campaign.contactList?.name ?? t('campaigns.notDefined')}</dd>
          </div>
          <div>
            <dt>{t('campaigns.report.scheduledAt')}</dt>
            <dd>{campaign.scheduledAt ? formatWhen(campaign.scheduledAt) : t('campaigns.notScheduled')}</dd>
          </div>
          <div>
            <dt>{t('campaigns.report.completedAt')}</dt>
            <dd>{campaign.completedAt ? formatWhen(campaign.completedAt) : t('campaigns.notCompleted')}</dd>
          </div>
        </dl>
        <div className="campaign-progress">
          <div className="campaign-progress__label">
            <span>{t('campaigns.report.progress')}</span>
            <span data-testid="campaign-progress-value">{t('campaigns.report.progressValue', { done: doneCount(c), total: c.valid, percent })}</span>
          </div>
          <div className="campaign-progress__track" role="progressbar" aria-label={t('campaigns.report.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="campaign-progress__bar" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </section>
      <div className="campaign-report__figures">
        <div className="campaign-counters">
          {[true, false].map((main) => (
            <ul key={String(main)} className={main ? 'campaign-counters__main' : 'campaign-counters__rest'} data-testid={main ? 'campaign-counters' : undefined}>
              {counters
                .filter((x) => x.main === main)
                .map(({ key, value }) => (
                  <li key={key} className={main ? 'card campaign-counter campaign-counter--main' : 'card campaign-counter'} data-testid={`counter-${key}`}>
                    <span className="campaign-counter__value">{value}</span>
                    <span className="campaign-counter__label">{t(`campaigns.report.counters.${key}`)}</span>
                  </li>
                ))}
            </ul>
          ))}
        </div>
        <section className="card campaign-chart" aria-labelledby="campaign-chart-title">
          <h2 id="campaign-chart-title" className="campaign-report__subtitle">
            {t('campaigns.report.chartTitle')}
          </h2>
          {slices.length === 0 ? (
            <p className="list-state">{t('campaigns.report.chartEmpty')}</p>
          ) : (
            <div className="campaign-chart__body">
              <div className="campaign-chart__donut" aria-hidden>
                <ResponsiveContainer width="100%" height={200}>
                  <PieChart>
                    <Pie data={slices} dataKey="value" nameKey="label" innerRadius="58%" outerRadius="92%" paddingAngle={1} stroke="none" isAnimationActive={false}>
                      {slices.map((s) => (
                        <Cell key={s.key} fill={s.color} />
                      ))}
                    </Pie>
                    <Tooltip contentStyle={{ background: tip.bg, border: `1px solid ${tip.border}`, borderRadius: 8, color: tip.text }} itemStyle={{ color: tip.text }} />
                  </PieChart>
                </ResponsiveContainer>
              </div>
              <ul className="campaign-legend">
                {slices.map((s) => (
                  <li key={s.key}>
                    <span className="campaign-legend__dot" style={{ background: s.color }} aria-hidden />
                    <span>{s.label}</span>
                    <strong>{s.value}</strong>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
