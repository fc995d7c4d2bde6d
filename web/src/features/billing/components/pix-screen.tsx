import { Button, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Copy, FlaskConical } from 'lucide-react';
import type { SubscriptionAnswer } from '@conversa/shared/schemas/billing';
import { QrImage } from '../../../components/ui/qr-image';
import { formatBRL, formatDate, formatTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSimulatePayment } from '../api/simulate-payment';
import { canSimulatePayment } from '../lib/invoice-status';

type Props = { charge: SubscriptionAnswer; isSuper: boolean };

/** The Pix screen: the QR of the BR Code, the copy-and-paste code, and what to do after paying. */
export function PixScreen({ charge, isSuper }: Props) {
  const { t } = useTranslation();
  const simulate = useSimulatePayment({ onSuccess: () => toast.info(t('billing.pix.simulated')) });
  const code = charge.qrcode.qrcode;
  const copy = () =>
    void navigator.clipboard?.writeText(code).then(
      () => toast.success(t('billing.pix.copied')),
      () => undefined,
    );
  const link = /^https?:\/\//.test(charge.urlMcPg) ? charge.urlMcPg : undefined;
  return (
    <section className="pix-screen" aria-labelledby="pix-title" data-testid="pix-screen">
      <h3 id="pix-title" className="checkout-section__title">
        {t('billing.pix.heading')}
      </h3>
      <div className="pix-screen__body">
        <QrImage text={code} label={t('billing.pix.qr')} size={232} />
        <div className="pix-screen__side">
          <p className="pix-screen__amount">{t('billing.pix.amount', { value: formatBRL(Number(charge.valor.original)) })}</p>
          <p className="checkout-hint">{t('billing.pix.expires', { time: `${formatDate(charge.expiresAt)} ${formatTime(charge.expiresAt)}` })}</p>
          <TextAreaField label={t('billing.pix.code')} value={code} isReadOnly rows={4} className="pix-screen__code" data-testid="pix-code" />
          <Button size="small" gap="0.4rem" onClick={copy}>
            <Copy size={16} aria-hidden />
            {t('billing.pix.copy')}
          </Button>
          {link ? (
            <a className="amplify-button amplify-button--small amplify-button--link" href={link} target="_blank" rel="noreferrer noopener">
              {t('billing.pix.openLink')}
            </a>
          ) : null}
        </div>
      </div>
      <p className="pix-screen__refresh" role="note">
        {t('billing.pix.refresh')}
      </p>
      <p className="checkout-hint" aria-live="polite">
        {t('billing.pix.waiting')}
      </p>
      {canSimulatePayment(isSuper, charge.provider) ? (
        <div className="pix-screen__sandbox">
          <Button size="small" variation="warning" gap="0.4rem" isLoading={simulate.isPending} onClick={() => simulate.mutate(charge.txid)}>
            <FlaskConical size={16} aria-hidden />
            {t('billing.pix.simulate')}
          </Button>
          <span className="checkout-hint">{t('billing.pix.simulateHint')}</span>
        </div>
      ) : null}
    </section>
  );
}
