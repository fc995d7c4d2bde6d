import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { formatDate, isoDate } from '../../../lib/format';
import { isOverdue, landingPath, warningDaysLeft } from '../../../lib/subscription';
import { toast } from '../../../lib/toast';
import { setAfterLogin } from '../../guards';

export default function LoginRoute() {
  const { t } = useTranslation();

  const onSuccess = ({ user }: SessionAnswer) => {
    const today = isoDate();
    toast.success(t('auth.login.success'));
    if (isOverdue(user.company, today)) {
      toast.warning(t('subscription.expired', { date: formatDate(user.company.dueDate) }));
    } else {
      const days = warningDaysLeft(user.company, today);
      if (days !== undefined) toast.warning(t('subscription.expiring', { count: days }));
    }
    setAfterLogin(landingPath(user, today));
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <LoginForm
        forgotHref={paths.auth.forgetPassword.getHref()}
        signupHref={paths.auth.signup.getHref()}
        onSuccess={onSuccess}
      />
      {env.VITE_SUPPORT_WHATSAPP ? (
        <a
          className="support-fab"
          href={`https://wa.me/${env.VITE_SUPPORT_WHATSAPP}`}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={t('auth.login.support')}
          title={t('auth.login.support')}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.6 11.6 0 0 0 4.4 3.9c1.6.7 2.3.8 3.1.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .2-1.2c-.1-.1-.3-.2-.5-.3z"
            />
          </svg>
        </a>
      ) : null}
    </AuthLayout>
  );
}
