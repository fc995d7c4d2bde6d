import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Loader, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import type { TwoFactorChallenge } from '@conversa/shared/schemas/two-factor';
import { isSessionAnswer, useLogin } from '../../../lib/auth';
import type { FieldErrors } from '../../../lib/validation';

/**
 * The login schema (shared LoginBody) and zod come in a separate chunk, fetched when the user
 * starts typing: the login page's first load stays small (STACK-NOTES "Web bundle").
 */
const loadValidation = () => import('./login-validation');
/** The second step (and the QR code library it may need) loads only for a login that answers a challenge. */
const TwoFactorStep = lazy(() => import('./two-factor-step'));

type Field = 'email' | 'password';
type Props = { forgotHref: string; signupHref?: string; onSuccess(answer: SessionAnswer): void };

export function LoginForm({ forgotHref, signupHref, onSuccess }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [challenge, setChallenge] = useState<TwoFactorChallenge>();
  const login = useLogin({ onSuccess: (a) => (isSessionAnswer(a) ? onSuccess(a) : setChallenge(a)) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { validateLogin } = await loadValidation();
    const result = validateLogin(values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    login.mutate(result.data);
  };

  const err = (f: Field) => (errors[f] ? t(errors[f]) : undefined);

  if (challenge) {
    return (
      <Suspense fallback={<Loader size="large" />}>
        <TwoFactorStep challenge={challenge} onDone={onSuccess} onCancel={() => setChallenge(undefined)} />
      </Suspense>
    );
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} onFocus={() => void loadValidation()} noValidate>
      <TextField
        label={t('auth.login.email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        hasError={Boolean(errors.email)}
        errorMessage={err('email')}
      />
      <PasswordField
        label={t('auth.login.password')}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        hasError={Boolean(errors.password)}
        errorMessage={err('password')}
        showPasswordButtonLabel={t('auth.login.showPassword')}
        hidePasswordButtonLabel={t('auth.login.hidePassword')}
        passwordIsHiddenLabel={t('auth.login.passwordHidden')}
        passwordIsShownLabel={t('auth.login.passwordShown')}
      />
      <div className="form__row form__row--end">
        <Link to={forgotHref} className="link">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" variation="primary" isFullWidth isLoading={login.isPending} loadingText={t('auth.login.submit')}>
        {t('auth.login.submit')}
      </Button>
      {signupHref ? (
        <p className="form__footer">
          {t('auth.login.noAccount')}{' '}
          <Link to={signupHref} className="link">
            {t('auth.login.signupLink')}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
