import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@conversa/shared/roles';
import { useKnownQueues } from '../hooks/use-known-queues';
import { useViewer } from '../hooks/use-viewer';

type Props = { value: number | null; onChange(id: number | null): void; error?: string; allowNone: boolean };

/** A queue pick (spec 1 §5): admins any of the company's queues, users their own. */
export function QueueSelect({ value, onChange, error, allowNone }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const options = useKnownQueues(undefined, isAdmin(viewer) ? undefined : viewer.queueIds);
  return (
    <SelectField label={t('tickets.new.queue')} name="queueId" value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} hasError={Boolean(error)} errorMessage={error}>
      <option value="" disabled={!allowNone}>
        {allowNone ? t('tickets.row.noQueue') : t('tickets.new.pickQueue')}
      </option>
      {options.map((q) => (
        <option key={q.id} value={q.id}>
          {q.name}
        </option>
      ))}
    </SelectField>
  );
}
