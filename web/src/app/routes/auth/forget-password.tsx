import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ForgetPasswordForm } from '../../../features/auth/components/forget-password-form';
import { paths } from '../../../config/paths';

export default function ForgetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The optional ?companyId= of spec 1 §2 is accepted; the API finds the account by e-mail alone.
  return (
    <AuthLayout title={t('auth.forgot.title')}>
      <ForgetPasswordForm
        loginHref={paths.auth.login.getHref()}
        signupHref={paths.auth.signup.getHref()}
        onDone={() => void navigate(paths.auth.login.getHref())}
      />
    </AuthLayout>
  );
}
