import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { normaliseRange, type DayRange } from '../lib/satisfaction-format';

type Props = { value: DayRange; onChange(r: DayRange): void };

/** Start and end dates (spec 3 "Satisfaction dashboard"); an emptied field keeps its day. */
export function RangeFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<DayRange>) => onChange(normaliseRange({ ...value, ...patch }));
  return (
    <div className="sat-range">
      <TextField label={t('ratings.report.from')} name="sat-from" type="date" size="small" value={value.from} onChange={(e) => e.target.value && set({ from: e.target.value })} />
      <TextField label={t('ratings.report.to')} name="sat-to" type="date" size="small" value={value.to} onChange={(e) => e.target.value && set({ to: e.target.value })} />
    </div>
  );
}
