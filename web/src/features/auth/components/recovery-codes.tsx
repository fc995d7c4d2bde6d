import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { toast } from '../../../lib/toast';

type Props = { codes: string[]; actionLabel: string; onDone(): void };

/** The ten recovery codes, shown once, with a copy button and the step that follows. */
export function RecoveryCodes({ codes, actionLabel, onDone }: Props) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard?.writeText(codes.join('\n')).then(
      () => toast.success(t('auth.twoFactor.copied')),
      () => undefined,
    );
  return (
    <div className="two-factor" data-testid="recovery-codes">
      <h3 className="two-factor__title">{t('auth.twoFactor.recoveryTitle')}</h3>
      <p className="two-factor__hint">{t('auth.twoFactor.recoveryHint')}</p>
      <ol className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <Button size="small" gap="0.4rem" onClick={() => void copy()}>
          <Copy size={16} aria-hidden />
          {t('auth.twoFactor.copy')}
        </Button>
        <Button size="small" variation="primary" onClick={onDone}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}
