import { useEffect, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { useSatisfaction } from '../../../features/ratings/api/get-satisfaction';
import { AgentsTable } from '../../../features/ratings/components/agents-table';
import { LevelsChart } from '../../../features/ratings/components/levels-chart';
import { RangeFields } from '../../../features/ratings/components/range-fields';
import { SatisfactionCards } from '../../../features/ratings/components/satisfaction-cards';
import { defaultRange, type DayRange } from '../../../features/ratings/lib/satisfaction-format';
import '../../../lib/i18n/locales/ratings';
import { toast } from '../../../lib/toast';
import '../../../styles/ratings.css';

/**
 * /assessmentReport (spec 3 "Satisfaction dashboard", §3, §7; admin): a date range (the last 30
 * days at first), total responses, the average, the five levels and the per-agent rows. Recharts
 * rides this route's chunk only.
 */
export default function AssessmentReportRoute() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(defaultRange);
  const sat = useSatisfaction(range);

  // The spec's own failure text, once per failed load.
  useEffect(() => {
    if (sat.isError) toast.error(t('ratings.report.loadFailed'));
  }, [sat.isError, sat.errorUpdatedAt, t]);

  return (
    <ContentLayout title={t('ratings.report.title')}>
      <div className="sat">
        <section className="card sat-filter" aria-label={t('ratings.report.filterLabel')}>
          <RangeFields value={range} onChange={setRange} />
          {sat.isFetching ? <Loader /> : null}
        </section>
        {sat.isError && !sat.data ? (
          <p className="field-error" role="alert">{t('ratings.report.loadFailed')}</p>
        ) : (
          <>
            <SatisfactionCards data={sat.data} />
            <LevelsChart data={sat.data} />
            <AgentsTable agents={sat.data?.agents ?? []} />
          </>
        )}
      </div>
    </ContentLayout>
  );
}
