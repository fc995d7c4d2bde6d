import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditAction } from '@conversa/shared/schemas/audit';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { useAudit, type AuditFilters as Filters } from '../../../features/audit/api/get-audit';
import { AuditFilters, NO_FILTERS, type FilterValues } from '../../../features/audit/components/audit-filters';
import { AuditTable } from '../../../features/audit/components/audit-table';
import { dayRange } from '../../../features/audit/lib/audit-format';
import '../../../lib/i18n/locales/audit';
import '../../../styles/audit.css';

/** /audit (admin, any plan): who changed what and when, filtered by period, user, area and action. */
export default function AuditRoute() {
  const { t } = useTranslation();
  const [values, setValues] = useState<FilterValues>(NO_FILTERS);
  const filters = useMemo<Filters>(
    () => ({
      ...dayRange(values.fromDay, values.toDay),
      ...(values.userId ? { userId: Number(values.userId) } : {}),
      ...(values.resource ? { resource: values.resource } : {}),
      ...(values.resource && values.verb ? { action: `${values.resource}.${values.verb}` as AuditAction } : {}),
    }),
    [values],
  );
  const query = useAudit(filters);
  return (
    <ContentLayout title={t('audit.title')} fill>
      <p className="audit-hint">{t('audit.hint')}</p>
      <AuditFilters value={values} onChange={setValues} />
      <AuditTable query={query} />
    </ContentLayout>
  );
}
