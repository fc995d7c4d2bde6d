import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { useBranding } from '../../../lib/branding';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';

export default function SignupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The terms and privacy PDFs the super admin uploaded (Settings > Documents), when they exist.
  const docs = useBranding().data?.documents;
  const links = [
    { href: docs?.termos?.url, label: t('auth.signup.terms') },
    { href: docs?.privacidade?.url, label: t('auth.signup.privacy') },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} wide>
      <SignupForm
        loginHref={paths.auth.login.getHref()}
        onSuccess={() => {
          toast.success(t('auth.signup.success'));
          void navigate(paths.auth.login.getHref());
        }}
      />
      {links.length ? (
        <p className="auth-card__documents">
          {t('auth.signup.documents')}{' '}
          {links.map((l, i) => (
            <span key={l.label}>
              {i ? ' · ' : null}
              <a href={l.href} target="_blank" rel="noreferrer noopener">
                {l.label}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </AuthLayout>
  );
}
