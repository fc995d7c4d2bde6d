import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { normaliseRange, type DateRange } from '../lib/dashboard-format';

type Props = { value: DateRange; onChange(r: DateRange): void; idPrefix: string };

/** Start and end dates (yyyy-MM-dd inputs); an emptied field keeps its previous day. */
export function DateRangeFields({ value, onChange, idPrefix }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<DateRange>) => onChange(normaliseRange({ ...value, ...patch }));
  return (
    <div className="dash-range">
      <TextField
        label={t('dashboard.filter.from')}
        name={`${idPrefix}-from`}
        type="date"
        size="small"
        value={value.from}
        onChange={(e) => e.target.value && set({ from: e.target.value })}
      />
      <TextField
        label={t('dashboard.filter.to')}
        name={`${idPrefix}-to`}
        type="date"
        size="small"
        value={value.to}
        onChange={(e) => e.target.value && set({ to: e.target.value })}
      />
    </div>
  );
}
