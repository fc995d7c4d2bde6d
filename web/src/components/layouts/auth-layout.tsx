import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { LanguagePicker } from '../ui/language-picker';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useBranding } from '../../lib/branding';

type Props = { title: string; subtitle?: string; children: ReactNode; wide?: boolean };

/** The frame of the public pages: brand panel, card with the form, language picker. */
export function AuthLayout({ title, subtitle, children, wide }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  // The platform's login logo (Settings > Logos/Icons), shown before anyone signs in.
  const logo = useBranding().data?.logos.login?.url;
  return (
    <div className="auth-page">
      <aside className="auth-page__brand" aria-hidden="true">
        {logo ? (
          <img className="auth-page__brand-logo" src={logo} alt="" width={300} height={200} />
        ) : (
          <div className="brand-mark brand-mark--large">
            <MessageCircle size={34} />
          </div>
        )}
        <p className="auth-page__brand-name">{t('common.appName')}</p>
        <p className="auth-page__tagline">{t('common.tagline')}</p>
      </aside>
      <main className="auth-page__main">
        <div className="auth-page__top">
          <div className="auth-page__logo">
            {logo ? (
              <img className="auth-page__logo-img" src={logo} alt={t('common.appName')} width={300} height={200} />
            ) : (
              <>
                <span className="brand-mark">
                  <MessageCircle size={20} aria-hidden />
                </span>
                <span>{t('common.appName')}</span>
              </>
            )}
          </div>
          <LanguagePicker compact />
        </div>
        <section className={`auth-card${wide ? ' auth-card--wide' : ''}`} aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
