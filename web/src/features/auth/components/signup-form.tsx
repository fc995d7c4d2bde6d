import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Loader, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SignupBody } from '@conversa/shared/schemas/auth';
import { validate, type FieldErrors } from '../../../lib/validation';
import { usePlans } from '../api/get-plans';
import { useSignup } from '../api/signup';
import { PlansTable } from './plans-table';

type Field = 'companyName' | 'name' | 'email' | 'phone' | 'password' | 'planId';
type Props = { loginHref: string; onSuccess(): void };

export function SignupForm({ loginHref, onSuccess }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const plans = usePlans();
  const preset = Number(params.get('planId')) || undefined;
  const [values, setValues] = useState({ companyName: '', name: '', email: '', phone: '', password: '' });
  const [planId, setPlanId] = useState<number | undefined>(preset);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const signup = useSignup({ onSuccess });

  const set = (f: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const err = (f: Field) => (errors[f] ? t(errors[f]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validate(SignupBody, { ...values, planId, recurrence: 'MENSAL' }, ['companyName', 'name', 'email', 'password']);
    const next: FieldErrors<Field> = result.ok ? {} : { ...result.errors };
    if (planId === undefined) next.planId = 'validation.choosePlan';
    if (!result.ok || next.planId) return setErrors(next);
    setErrors({});
    signup.mutate(result.data);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form__grid">
        <TextField label={t('auth.signup.companyName')} name="companyName" autoComplete="organization" value={values.companyName} onChange={set('companyName')} hasError={Boolean(errors.companyName)} errorMessage={err('companyName')} />
        <TextField label={t('auth.signup.name')} name="name" autoComplete="name" value={values.name} onChange={set('name')} hasError={Boolean(errors.name)} errorMessage={err('name')} />
        <TextField label={t('auth.signup.email')} name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={set('email')} hasError={Boolean(errors.email)} errorMessage={err('email')} />
        <TextField label={t('auth.signup.phone')} name="phone" type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} hasError={Boolean(errors.phone)} errorMessage={err('phone')} />
      </div>
      <PasswordField
        label={t('auth.signup.password')}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        hasError={Boolean(errors.password)}
        errorMessage={err('password')}
        showPasswordButtonLabel={t('auth.login.showPassword')}
        hidePasswordButtonLabel={t('auth.login.hidePassword')}
        passwordIsHiddenLabel={t('auth.login.passwordHidden')}
        passwordIsShownLabel={t('auth.login.passwordShown')}
      />
      {plans.isPending ? (
        <div className="plans__state">
          <Loader /> {t('auth.signup.plansLoading')}
        </div>
      ) : plans.data && plans.data.length > 0 ? (
        <PlansTable plans={plans.data} value={planId} onChange={setPlanId} error={err('planId')} />
      ) : (
        <p className="plans__state" role="alert">
          {plans.isError ? t('common.loadFailed') : t('auth.signup.plansEmpty')}
        </p>
      )}
      <Button type="submit" variation="primary" isFullWidth isLoading={signup.isPending} loadingText={t('auth.signup.submit')}>
        {t('auth.signup.submit')}
      </Button>
      <p className="form__footer">
        {t('auth.signup.haveAccount')}{' '}
        <Link to={loginHref} className="link">
          {t('auth.signup.loginLink')}
        </Link>
      </p>
    </form>
  );
}
