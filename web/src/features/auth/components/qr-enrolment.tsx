import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { QrImage } from '../../../components/ui/qr-image';
import { CodeForm, type CodeInput } from './code-form';

type Props = { setup: TwoFactorSetup | undefined; hint: string; busy: boolean; onCode(code: string): void };

/** The secret as a QR code and as a key to type, then the first code that proves the app has it. */
export function QrEnrolment({ setup, hint, busy, onCode }: Props) {
  const { t } = useTranslation();
  if (!setup) {
    return (
      <div className="two-factor two-factor--loading">
        <Loader size="large" />
      </div>
    );
  }
  return (
    <div className="two-factor">
      <p className="two-factor__hint">{hint}</p>
      <div className="two-factor__qr">
        <QrImage text={setup.uri} label={t('auth.twoFactor.qrLabel')} size={200} />
      </div>
      <p className="two-factor__key">
        <span className="muted">{t('auth.twoFactor.keyLabel')}</span>
        <code data-testid="totp-key">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <CodeForm submitLabel={t('auth.twoFactor.confirm')} busy={busy} onSubmit={(input: CodeInput) => 'code' in input && onCode(input.code)} />
    </div>
  );
}
