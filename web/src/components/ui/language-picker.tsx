import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import type { Lang } from '@conversa/shared/errors';
import { changeLanguage, currentLang, LANGUAGES } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';

/** Language select (pt, en, es, tr), kept in localStorage. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang();
  return (
    <label className={`language-picker${compact ? ' language-picker--compact' : ''}`} data-lang={i18n.language}>
      <Languages size={16} aria-hidden />
      <span className={compact ? 'visually-hidden' : 'language-picker__label'}>{t('common.language')}</span>
      <select
        value={lang}
        aria-label={t('common.language')}
        onChange={(e) => changeLanguage(e.target.value as Lang).catch(notifyError)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
