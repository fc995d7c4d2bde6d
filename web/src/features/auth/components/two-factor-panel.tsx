import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';

/** The QR code library loads only when an enrolment starts, not with every page. */
const QrEnrolment = lazy(() => import('./qr-enrolment').then((m) => ({ default: m.QrEnrolment })));

type Step = 'idle' | 'enrolling' | 'codes' | 'disabling';

/** The profile's two-step verification: turn it on (QR, first code, recovery codes) or off (a code), unless the company requires it. */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const me = useUser();
  const required = me.company.settings.some((s) => s.key === 'twoFactorRequired' && s.value === 'enabled');
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[]>([]);
  const setup = useSetupTwoFactor({ onSuccess: () => setStep('enrolling') });
  const enable = useEnableTwoFactor({
    onSuccess: (a) => {
      setCodes(a.recoveryCodes);
      setStep('codes');
      toast.success(t('auth.twoFactor.enabled'));
    },
  });
  const disable = useDisableTwoFactor({
    onSuccess: () => {
      setStep('idle');
      toast.success(t('auth.twoFactor.disabled'));
    },
  });

  return (
    <section className="two-factor-panel" aria-labelledby="two-factor-title" data-testid="two-factor-panel">
      <div className="two-factor-panel__head">
        <ShieldCheck size={20} aria-hidden />
        <h3 id="two-factor-title" className="two-factor__title">
          {t('auth.twoFactor.title')}
        </h3>
        <Badge size="small" variation={me.twoFactor ? 'success' : undefined}>
          {me.twoFactor ? t('auth.twoFactor.statusOn') : t('auth.twoFactor.statusOff')}
        </Badge>
        {required ? <span className="muted two-factor-panel__required">{t('auth.twoFactor.required')}</span> : null}
      </div>
      {step === 'codes' ? <RecoveryCodes codes={codes} actionLabel={t('auth.twoFactor.done')} onDone={() => setStep('idle')} /> : null}
      {step === 'enrolling' ? (
        <Suspense fallback={<Loader size="large" />}>
          <QrEnrolment setup={setup.data} hint={t('auth.twoFactor.scanHint')} busy={enable.isPending} onCode={(code) => enable.mutate(code)} />
        </Suspense>
      ) : null}
      {step === 'disabling' ? (
        <div className="two-factor">
          <p className="two-factor__hint">{t('auth.twoFactor.disableHint')}</p>
          <CodeForm submitLabel={t('auth.twoFactor.disable')} busy={disable.isPending} allowRecovery autoFocus onSubmit={(input) => disable.mutate(input)} />
        </div>
      ) : null}
      {step === 'idle' ? (
        <>
          <p className="two-factor__hint">{t('auth.twoFactor.panelHint')}</p>
          {me.twoFactor ? (
            required ? null : (
              <Button size="small" onClick={() => setStep('disabling')}>
                {t('auth.twoFactor.disable')}
              </Button>
            )
          ) : (
            <Button size="small" variation="primary" isLoading={setup.isPending} onClick={() => setup.mutate()}>
              {t('auth.twoFactor.enable')}
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}
