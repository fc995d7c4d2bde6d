import { useTranslation } from 'react-i18next';
import { isSecret, type IntegrationGroup } from '../lib/setting-fields';
import { SettingTextField } from './setting-text-field';

type Props = {
  groups: IntegrationGroup[];
  valueOf(key: string, fallback: string): string;
  pendingKey: string | undefined;
  onSave(key: string, value: string): void;
};

/** Integration keys (spec 1 §6), for the super user, grouped and gated by plan. */
export function IntegrationsSection({ groups, valueOf, pendingKey, onSave }: Props) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <section className="settings-section" aria-labelledby="integrations-title">
      <h2 id="integrations-title" className="settings-section__title">
        {t('settings.integrationsTitle')}
      </h2>
      <p className="settings-section__hint">
        {t('settings.integrationsHint')} {t('settings.saveHint')}.
      </p>
      {groups.map((g) => (
        <fieldset key={g.id} className="settings-group">
          <legend>{t(`settings.groups.${g.id}`)}</legend>
          <div className="settings-grid">
            {g.keys.map((key) => (
              <SettingTextField
                key={key}
                label={t(`settings.keys.${key}`)}
                value={valueOf(key, '')}
                secret={isSecret(key)}
                busy={pendingKey === key}
                onSave={(v) => onSave(key, v)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </section>
  );
}
