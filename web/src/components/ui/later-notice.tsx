import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';

/** The honest placeholder of areas that are not built yet: no fake data, no dead buttons. */
export function LaterNotice({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="later-notice" role="note">
      <Hourglass size={28} aria-hidden className="later-notice__icon" />
      <div>
        <p className="later-notice__title">{message ?? t('common.laterVersion')}</p>
        <p className="later-notice__hint">{t('common.laterVersionHint')}</p>
      </div>
    </div>
  );
}
