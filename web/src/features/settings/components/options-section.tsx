import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../lib/setting-fields';
import { SettingTextField } from './setting-text-field';

type Props = {
  fields: OptionField[];
  valueOf(key: string, fallback: string): string;
  pendingKey: string | undefined;
  onSave(key: string, value: string): void;
};

/** Options tab: every option key; a select saves as soon as it changes (spec 2 §8 toast). */
export function OptionsSection({ fields, valueOf, pendingKey, onSave }: Props) {
  const { t } = useTranslation();
  return (
    <section className="settings-section" aria-labelledby="options-title">
      <h2 id="options-title" className="settings-section__title">
        {t('settings.optionsTitle')}
      </h2>
      <p className="settings-section__hint">{t('settings.optionsHint')}</p>
      <div className="settings-grid">
        {fields.map((f) =>
          f.kind === 'select' ? (
            <SelectField
              key={f.key}
              label={t(`settings.keys.${f.key}`)}
              name={f.key}
              value={valueOf(f.key, f.default)}
              isDisabled={pendingKey === f.key}
              onChange={(e) => onSave(f.key, e.target.value)}
            >
              {f.values.map((v) => (
                <option key={v} value={v}>
                  {t(`settings.values.${v}`)}
                </option>
              ))}
            </SelectField>
          ) : (
            <SettingTextField
              key={f.key}
              label={t(`settings.keys.${f.key}`)}
              value={valueOf(f.key, f.default)}
              numeric={f.numeric}
              help={f.numeric ? t('settings.hoursHelp') : undefined}
              busy={pendingKey === f.key}
              onSave={(v) => onSave(f.key, v)}
            />
          ),
        )}
      </div>
    </section>
  );
}
