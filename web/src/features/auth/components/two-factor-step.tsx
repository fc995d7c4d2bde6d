import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import type { TwoFactorChallenge, TwoFactorVerifyAnswer } from '@conversa/shared/schemas/two-factor';
import { isApiError } from '../../../lib/api-error';
import { storeSession } from '../../../lib/auth';
import { dismissToasts } from '../../../lib/toast';
import { useEnrolTwoFactor } from '../api/enrol-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { CodeForm } from './code-form';
import { QrEnrolment } from './qr-enrolment';
import { RecoveryCodes } from './recovery-codes';

type Props = { challenge: TwoFactorChallenge; onDone(answer: SessionAnswer): void; onCancel(): void };

/**
 * The login's second step (loaded only when a login answers a challenge): a code or a recovery
 * code; or, when the company requires a second factor the user lacks, the enrolment first and its
 * recovery codes, shown before the session starts.
 */
export default function TwoFactorStep({ challenge, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [enrolled, setEnrolled] = useState<TwoFactorVerifyAnswer>();
  const expired = (err: unknown) => isApiError(err) && err.code === 'ERR_2FA_CHALLENGE_EXPIRED' && onCancel();
  const enrol = useEnrolTwoFactor({ onError: expired });
  const finish = (a: SessionAnswer) => {
    dismissToasts('error');
    storeSession(a);
    onDone(a);
  };
  const verify = useVerifyTwoFactor({ onSuccess: (a) => (a.recoveryCodes ? setEnrolled(a) : finish(a)), onError: expired });
  const { mutate: startEnrol } = enrol;

  useEffect(() => {
    if (challenge.twoFactor === 'enrol') startEnrol(challenge.challenge);
  }, [challenge, startEnrol]);

  if (enrolled) return <RecoveryCodes codes={enrolled.recoveryCodes ?? []} actionLabel={t('auth.twoFactor.continueLabel')} onDone={() => finish(enrolled)} />;

  return (
    <div className="two-factor" data-testid="two-factor-step">
      <h2 className="two-factor__title">{t('auth.twoFactor.title')}</h2>
      {challenge.twoFactor === 'enrol' ? (
        <QrEnrolment setup={enrol.data} hint={t('auth.twoFactor.enrolHint')} busy={verify.isPending} onCode={(code) => verify.mutate({ challenge: challenge.challenge, code })} />
      ) : (
        <>
          <p className="two-factor__hint">{t('auth.twoFactor.verifyHint')}</p>
          <CodeForm submitLabel={t('auth.twoFactor.verify')} busy={verify.isPending} allowRecovery autoFocus onSubmit={(input) => verify.mutate({ challenge: challenge.challenge, ...input })} />
        </>
      )}
      <Button variation="link" size="small" onClick={onCancel}>
        {t('auth.twoFactor.back')}
      </Button>
    </div>
  );
}
