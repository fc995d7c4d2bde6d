import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@conversa/shared/schemas/audit';
import { changesOf, valueText } from '../lib/audit-format';

/** The changed fields of an entry: before → after (a create shows only after, a delete only before). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const words = { yes: t('audit.yes'), no: t('audit.no'), empty: t('audit.emptyValue') };
  const rows = changesOf(entry);
  if (!rows.length) return null;
  return (
    <dl className="audit-changes">
      {rows.map((c) => (
        <div key={c.field} className="audit-changes__row">
          <dt>{t(`audit.fields.${c.field}`, { defaultValue: c.field })}</dt>
          <dd>
            {c.hasBefore ? (
              <span className="audit-value audit-value--before" title={t('audit.before')}>
                {valueText(c.before, words)}
              </span>
            ) : null}
            {c.hasBefore && c.hasAfter ? <span className="audit-arrow" aria-hidden>→</span> : null}
            {c.hasAfter ? (
              <span className="audit-value audit-value--after" title={t('audit.after')}>
                {valueText(c.after, words)}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
