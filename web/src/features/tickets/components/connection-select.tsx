import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useConnectionOptions } from '../hooks/use-connection-options';

type Props = { value: number | undefined; onChange(id: number | undefined): void; optional?: boolean; error?: string };

/** The connection a new ticket or group goes through (GET /whatsapp); empty = the default one. */
export function ConnectionSelect({ value, onChange, optional, error }: Props) {
  const { t } = useTranslation();
  const conns = useConnectionOptions();
  return (
    <SelectField label={t('tickets.new.connection')} name="whatsappId" value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)} hasError={Boolean(error)} errorMessage={error}>
      <option value="">{optional ? t('tickets.new.defaultConnection') : t('tickets.new.pickConnection')}</option>
      {(conns.data ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
