import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ScheduleEditor } from '../../../components/ui/schedule-editor';
import { buildSchedules, scheduleRows, type ScheduleErrors, type ScheduleRow } from '../../../lib/schedules';
import { toast } from '../../../lib/toast';
import { useCompanySchedules, useUpdateCompanySchedules } from '../api/company-schedules';
import { LoadState } from '../../../components/ui/load-state';

/** Settings > Schedules (spec 2 "Settings page (tabs)", shown when scheduleType is company). */
export function SchedulesSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const stored = useCompanySchedules(companyId);
  const [rows, setRows] = useState<ScheduleRow[]>(() => scheduleRows([]));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const update = useUpdateCompanySchedules({ onSuccess: () => toast.success(t('queues.hours.saved')) });

  useEffect(() => {
    if (stored.data) setRows(scheduleRows(stored.data));
  }, [stored.data]);

  if (stored.isPending || stored.isError) return <LoadState query={stored} />;

  const save = () => {
    const r = buildSchedules(rows);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    update.mutate({ companyId, schedules: r.schedules });
  };

  return (
    <section className="settings-section schedule-panel">
      <div>
        <h2 className="settings-section__title">{t('queues.hours.companyTitle')}</h2>
        <p className="settings-section__hint">{t('queues.hours.companyHint')}</p>
      </div>
      <ScheduleEditor rows={rows} errors={errors} disabled={update.isPending} onChange={setRows} />
      <div className="schedule-panel__actions">
        <Button variation="primary" onClick={save} isLoading={update.isPending}>
          {t('queues.hours.save')}
        </Button>
      </div>
    </section>
  );
}
