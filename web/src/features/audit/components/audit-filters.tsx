import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditResource } from '@conversa/shared/schemas/audit';
import { useUsersList } from '../../../lib/get-users-list';

export type FilterValues = { fromDay: string; toDay: string; userId: string; resource: AuditResource | ''; verb: string };
export const NO_FILTERS: FilterValues = { fromDay: '', toDay: '', userId: '', resource: '', verb: '' };

type Props = { value: FilterValues; onChange(v: FilterValues): void };

/** Period, user, area and action of the audit log; the action list follows the area. */
export function AuditFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const users = useUsersList();
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  const dirty = JSON.stringify(value) !== JSON.stringify(NO_FILTERS);
  return (
    <form className="audit-filters" aria-label={t('audit.filters')} onSubmit={(e) => e.preventDefault()}>
      <TextField label={t('audit.from')} name="audit-from" type="date" size="small" value={value.fromDay} onChange={(e) => set({ fromDay: e.target.value })} />
      <TextField label={t('audit.to')} name="audit-to" type="date" size="small" value={value.toDay} onChange={(e) => set({ toDay: e.target.value })} />
      <SelectField label={t('audit.user')} name="audit-user" size="small" value={value.userId} onChange={(e) => set({ userId: e.target.value })}>
        <option value="">{t('audit.all')}</option>
        {(users.data ?? []).map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('audit.resource')} name="audit-resource" size="small" value={value.resource} onChange={(e) => set({ resource: e.target.value as AuditResource | '', verb: '' })}>
        <option value="">{t('audit.allAreas')}</option>
        {AUDIT_RESOURCES.map((r) => (
          <option key={r} value={r}>
            {t(`audit.resources.${r}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('audit.action')} name="audit-action" size="small" value={value.verb} isDisabled={!value.resource} onChange={(e) => set({ verb: e.target.value })}>
        <option value="">{t('audit.allActions')}</option>
        {value.resource
          ? AUDIT_ACTIONS[value.resource].map((v) => (
              <option key={v} value={v}>
                {t(`audit.actions.${value.resource}.${v}`)}
              </option>
            ))
          : null}
      </SelectField>
      {dirty ? (
        <Button size="small" variation="link" onClick={() => onChange(NO_FILTERS)}>
          {t('audit.clear')}
        </Button>
      ) : null}
    </form>
  );
}
