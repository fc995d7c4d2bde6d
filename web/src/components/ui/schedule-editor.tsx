import { SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_STEP_SECONDS, spansMidnight, toggleRow, type ScheduleErrors, type ScheduleRow } from '../../lib/schedules';
import '../../styles/queues.css';
// The editor's texts (weekday names, labels) live in the queues section; importing it registers it.
import '../../lib/i18n/locales/queues';

type Props = { rows: ScheduleRow[]; errors: ScheduleErrors; disabled?: boolean; onChange(rows: ScheduleRow[]): void };

/** Seven weekday rows of HH:MM start and end (step 10 min), each open or closed. */
export function ScheduleEditor({ rows, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const set = (i: number, row: ScheduleRow) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <div className="schedule-editor" role="group" aria-label={t('queues.hours.title')}>
      {rows.map((r, i) => {
        const day = t(`queues.weekdays.${r.weekdayEn}`);
        const error = errors[r.weekdayEn];
        return (
          <div key={r.weekdayEn} className="schedule-row" data-testid={`schedule-${r.weekdayEn}`}>
            <div className="schedule-row__day">
              <strong>{day}</strong>
              <SwitchField
                label={r.open ? t('queues.hours.open') : t('queues.hours.closed')}
                name={`open-${r.weekdayEn}`}
                size="small"
                isChecked={r.open}
                isDisabled={disabled}
                onChange={(e) => set(i, toggleRow(r, e.target.checked))}
              />
            </div>
            <TextField
              label={t('queues.hours.start', { day })}
              labelHidden
              name={`start-${r.weekdayEn}`}
              type="time"
              step={SCHEDULE_STEP_SECONDS}
              placeholder="##:##"
              value={r.startTime}
              isDisabled={disabled || !r.open}
              hasError={Boolean(error)}
              onChange={(e) => set(i, { ...r, startTime: e.target.value })}
              outerStartComponent={<span className="schedule-row__tag">{t('queues.hours.from')}</span>}
            />
            <TextField
              label={t('queues.hours.end', { day })}
              labelHidden
              name={`end-${r.weekdayEn}`}
              type="time"
              step={SCHEDULE_STEP_SECONDS}
              placeholder="##:##"
              value={r.endTime}
              isDisabled={disabled || !r.open}
              hasError={Boolean(error)}
              onChange={(e) => set(i, { ...r, endTime: e.target.value })}
              outerStartComponent={<span className="schedule-row__tag">{t('queues.hours.to')}</span>}
            />
            {error ? (
              <p className="field-error schedule-row__note" role="alert">
                {t(error)}
              </p>
            ) : spansMidnight(r) ? (
              <p className="muted schedule-row__note">{t('queues.hours.overnight')}</p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
