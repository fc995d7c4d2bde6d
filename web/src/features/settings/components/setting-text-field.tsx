import { useEffect, useState } from 'react';
import { PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: string;
  secret?: boolean;
  numeric?: boolean;
  help?: string;
  busy?: boolean;
  onSave(value: string): void;
};

/** A text setting: edited locally, saved when the field is left (or on Enter) if it changed. */
export function SettingTextField({ label, value, secret, numeric, help, busy, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const commit = () => {
    const next = numeric ? draft.replace(/\D/g, '') : draft.trim();
    if (next !== value) onSave(next);
    else setDraft(value);
  };
  const common = {
    label,
    value: draft,
    descriptiveText: help,
    isDisabled: busy,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
    onKeyDown: (e: { key: string; currentTarget: HTMLInputElement }) => {
      if (e.key === 'Enter') e.currentTarget.blur();
    },
  };
  return secret ? (
    <PasswordField
      {...common}
      autoComplete="off"
      showPasswordButtonLabel={t('auth.login.showPassword')}
      hidePasswordButtonLabel={t('auth.login.hidePassword')}
      passwordIsHiddenLabel={t('auth.login.passwordHidden')}
      passwordIsShownLabel={t('auth.login.passwordShown')}
    />
  ) : (
    <TextField {...common} inputMode={numeric ? 'numeric' : undefined} autoComplete="off" />
  );
}
