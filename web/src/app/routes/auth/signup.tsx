import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';

export default function SignupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} wide>
      <SignupForm
        loginHref={paths.auth.login.getHref()}
        onSuccess={() => {
          toast.success(t('auth.signup.success'));
          void navigate(paths.auth.login.getHref());
        }}
      />
    </AuthLayout>
  );
}
