import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ResetPasswordParams } from '@conversa/shared/schemas/auth';
import { Email } from '@conversa/shared/schemas/common';
import { isErrorCode } from '@conversa/shared/errors';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { toast } from '../../../lib/toast';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useForgetPassword } from '../api/forget-password';
import { useResetPassword } from '../api/reset-password';

type Props = { loginHref: string; signupHref: string; onDone(): void };
type Field = 'email' | 'token' | 'newPassword' | 'confirm';

const EmailStep = z.object({ email: Email });
const ResetStep = ResetPasswordParams.extend({ confirm: z.string() }).refine((v) => v.newPassword === v.confirm, {
  path: ['confirm'],
  message: 'As senhas não correspondem',
});

/** Password recovery (spec 1 §2): step 1 e-mail, step 2 code + new password + confirmation. */
export function ForgetPasswordForm({ loginHref, signupHref, onDone }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [values, setValues] = useState({ email: '', token: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const request = useForgetPassword({
    onSuccess: () => {
      toast.success(t('auth.forgot.sent'));
      setStep('reset');
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 404) toast.error(t('auth.forgot.notFound'));
      else toast.error(t('auth.forgot.failed'));
    },
  });
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success(t('auth.forgot.done'));
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && isErrorCode(err.code) && err.code !== 'ERR_INTERNAL') notifyError(err);
      else toast.error(t('auth.forgot.failed'));
    },
  });

  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const err = (f: Field) => (errors[f] ? t(errors[f]) : undefined);

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(EmailStep, { email: values.email }, ['email']);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    request.mutate(r.data.email);
  };

  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    const input = { email: values.email, token: values.token.trim(), newPassword: values.newPassword, confirm: values.confirm };
    const r = validate(ResetStep, input, ['token', 'newPassword', 'confirm']);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    reset.mutate({ email: r.data.email, code: r.data.token, newPassword: r.data.newPassword });
  };

  const footer = (
    <p className="form__footer form__footer--split">
      <Link to={loginHref} className="link">
        {t('auth.forgot.backToLogin')}
      </Link>
      <span>
        {t('auth.forgot.noAccount')}{' '}
        <Link to={signupHref} className="link">
          {t('auth.forgot.signupLink')}
        </Link>
      </span>
    </p>
  );

  if (step === 'email') {
    return (
      <form className="form" onSubmit={submitEmail} noValidate>
        <p className="form__lead">{t('auth.forgot.step1')}</p>
        <TextField label={t('auth.forgot.email')} name="email" type="email" inputMode="email" autoComplete="email" autoFocus value={values.email} onChange={set('email')} hasError={Boolean(errors.email)} errorMessage={err('email')} />
        <Button type="submit" variation="primary" isFullWidth isLoading={request.isPending} loadingText={t('auth.forgot.sendCode')}>
          {t('auth.forgot.sendCode')}
        </Button>
        {footer}
      </form>
    );
  }

  return (
    <form className="form" onSubmit={submitReset} noValidate>
      <p className="form__lead">{t('auth.forgot.step2', { email: values.email })}</p>
      <TextField label={t('auth.forgot.code')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus value={values.token} onChange={set('token')} hasError={Boolean(errors.token)} errorMessage={err('token')} />
      <PasswordField label={t('auth.forgot.newPassword')} name="newPassword" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} hasError={Boolean(errors.newPassword)} errorMessage={err('newPassword')} showPasswordButtonLabel={t('auth.login.showPassword')} hidePasswordButtonLabel={t('auth.login.hidePassword')} passwordIsHiddenLabel={t('auth.login.passwordHidden')} passwordIsShownLabel={t('auth.login.passwordShown')} />
      <PasswordField label={t('auth.forgot.confirmPassword')} name="confirm" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} hasError={Boolean(errors.confirm)} errorMessage={err('confirm')} showPasswordButtonLabel={t('auth.login.showPassword')} hidePasswordButtonLabel={t('auth.login.hidePassword')} passwordIsHiddenLabel={t('auth.login.passwordHidden')} passwordIsShownLabel={t('auth.login.passwordShown')} />
      <Button type="submit" variation="primary" isFullWidth isLoading={reset.isPending} loadingText={t('auth.forgot.reset')}>
        {t('auth.forgot.reset')}
      </Button>
      <Button
        variation="link"
        isFullWidth
        onClick={() => {
          setStep('email');
          setErrors({});
        }}
      >
        {t('auth.forgot.resend')}
      </Button>
      {footer}
    </form>
  );
}
