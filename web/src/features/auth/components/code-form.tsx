import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

export type CodeInput = { code: string } | { recoveryCode: string };

type Props = { submitLabel: string; busy: boolean; allowRecovery?: boolean; autoFocus?: boolean; onSubmit(input: CodeInput): void };

/** The authenticator's 6-digit code, or (when allowed) a recovery code instead. */
export function CodeForm({ submitLabel, busy, allowRecovery, autoFocus, onSubmit }: Props) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const valid = recovery ? /^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(value.trim()) : /^\d{6}$/.test(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onSubmit(recovery ? { recoveryCode: value.trim() } : { code: value });
  };
  return (
    <form className="form two-factor__form" onSubmit={submit} noValidate>
      {recovery ? (
        <TextField label={t('auth.twoFactor.recoveryCode')} name="recoveryCode" autoComplete="off" autoCapitalize="none" placeholder="xxxxx-xxxxx" maxLength={11} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
      ) : (
        <TextField label={t('auth.twoFactor.code')} name="code" inputMode="numeric" autoComplete="one-time-code" placeholder="123456" maxLength={6} value={value} onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))} autoFocus={autoFocus} />
      )}
      <Button type="submit" variation="primary" isFullWidth isLoading={busy} isDisabled={!valid} loadingText={submitLabel}>
        {submitLabel}
      </Button>
      {allowRecovery ? (
        <Button
          variation="link"
          size="small"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
          }}
        >
          {recovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
        </Button>
      ) : null}
    </form>
  );
}
