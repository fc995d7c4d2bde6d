import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@conversa/shared/roles';
import { useKnownQueues } from '../hooks/use-known-queues';
import { useViewer } from '../hooks/use-viewer';

type Props = { value: number | null; onChange(id: number | null): void; error?: string; allowNone: boolean };

/**
 * A queue pick: admins the queues seen on tickets, users their own queues (named when a ticket has
 * shown the name). The full list waits for GET /queue (queues issue).
 */
export function QueueSelect({ value, onChange, error, allowNone }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const known = useKnownQueues();
  const options = isAdmin(viewer)
    ? known
    : viewer.queueIds.map((id) => known.find((q) => q.id === id) ?? { id, name: t('tickets.queueNumber', { id }), color: '' });
  return (
    <SelectField label={t('tickets.new.queue')} name="queueId" value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} hasError={Boolean(error)} errorMessage={error} descriptiveText={t('tickets.queuesSeenHint')}>
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
