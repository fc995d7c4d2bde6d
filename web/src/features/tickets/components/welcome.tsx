import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';

/** The right pane when no ticket is selected. */
export function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="t-welcome" data-testid="tickets-welcome">
      <span className="brand-mark brand-mark--large t-welcome__logo" aria-hidden>
        <MessageCircle size={36} />
      </span>
      <h2>{t('common.appName')}</h2>
      <p className="muted">{t('tickets.welcome')}</p>
    </div>
  );
}
