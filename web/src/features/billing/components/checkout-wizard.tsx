import { useEffect, useRef, useState } from 'react';
import { PAYMENT_RENEWED_REDIRECT_MS } from '@conversa/shared/constants';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import type { InvoiceView, SubscriptionAnswer } from '@conversa/shared/schemas/billing';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useSubscribe } from '../api/subscribe';
import { usePaymentEvent } from '../hooks/use-payment-event';
import { checkoutBody, emptyCheckout, INVOICE_PLAN, START_STEP, STEPS, validateCheckout, type CheckoutErrors, type CheckoutValues, type PlanChoice } from '../lib/checkout-form';
import { DataStep, PlanStep, ReviewStep } from './checkout-steps';
import { PixScreen } from './pix-screen';

/** Spec 2 §9: after CONCLUIDA, the checkout goes to / after 4 s. */

type Props = { invoice: InvoiceView | undefined; companyId: number; isSuper: boolean; onClose(): void };

/**
 * The checkout wizard (spec 2 "Checkout wizard", §4): Dados (0), Personalizar (1, the start),
 * Revisar (2); paying posts the subscription, opens the payment link when there is one and shows
 * the Pix screen; the payment event CONCLUIDA shows the renewal and goes to / after 4 s.
 */
export function CheckoutWizard({ invoice, companyId, isSuper, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(START_STEP);
  const [values, setValues] = useState<CheckoutValues>(emptyCheckout);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [choice, setChoice] = useState<PlanChoice>(INVOICE_PLAN);
  const [charge, setCharge] = useState<SubscriptionAnswer>();
  const [renewed, setRenewed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!invoice) return;
    setStep(START_STEP);
    setErrors({});
    setChoice(INVOICE_PLAN);
    setCharge(undefined);
    setRenewed(false);
  }, [invoice]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pay = useSubscribe({
    onSuccess: (answer) => {
      setCharge(answer);
      toast.success(t('billing.subscribed'));
      if (/^https?:\/\//.test(answer.urlMcPg)) window.open(answer.urlMcPg, '_blank', 'noopener');
    },
  });

  usePaymentEvent(companyId, (p) => {
    if (!invoice || p.invoiceId !== invoice.id || renewed) return;
    setRenewed(true);
    toast.success(t('billing.renewed'));
    timer.current = setTimeout(() => navigate('/'), PAYMENT_RENEWED_REDIRECT_MS);
  });

  const set = (field: keyof CheckoutValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** Dados must be complete before leaving it, and before paying (the wizard starts past it). */
  const dataOk = (): boolean => {
    const e = validateCheckout(values);
    setErrors(e);
    if (Object.keys(e).length) setStep(0);
    return Object.keys(e).length === 0;
  };
  const next = () => {
    if (step === 0 && !dataOk()) return;
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const submit = () => {
    if (!invoice || !dataOk()) return;
    pay.mutate(checkoutBody(values, invoice, choice));
  };

  const footer = renewed ? null : charge ? (
    <Button variation="link" onClick={onClose}>
      {t('billing.checkout.close')}
    </Button>
  ) : (
    <>
      <Button variation="link" onClick={() => setStep((s) => s - 1)} isDisabled={step === 0 || pay.isPending}>
        {t('billing.checkout.back')}
      </Button>
      {step < STEPS.length - 1 ? (
        <Button variation="primary" onClick={next}>
          {t('billing.checkout.next')}
        </Button>
      ) : (
        <Button variation="primary" onClick={submit} isLoading={pay.isPending}>
          {t('billing.checkout.pay')}
        </Button>
      )}
    </>
  );

  return (
    <Modal open={invoice !== undefined} title={t('billing.checkout.title')} onClose={onClose} footer={footer} size="large">
      {invoice && renewed ? (
        <div className="checkout-renewed" role="status" data-testid="checkout-renewed">
          <CheckCircle2 size={48} aria-hidden />
          <p className="checkout-renewed__title">{t('billing.renewed')}</p>
          <p className="checkout-hint">{t('billing.redirecting')}</p>
        </div>
      ) : invoice && charge ? (
        <PixScreen charge={charge} isSuper={isSuper} />
      ) : invoice ? (
        <>
          <ol className="checkout-steps" aria-label={t('billing.checkout.title')}>
            {STEPS.map((s, i) => (
              <li key={s} className={i === step ? 'is-current' : i < step ? 'is-done' : undefined} aria-current={i === step ? 'step' : undefined}>
                <span className="checkout-steps__num">{i + 1}</span>
                {t(`billing.steps.${s}`)}
              </li>
            ))}
          </ol>
          {step === 0 ? <DataStep values={values} errors={errors} onChange={set} /> : step === 1 ? <PlanStep invoice={invoice} choice={choice} onChoose={setChoice} /> : <ReviewStep invoice={invoice} values={values} choice={choice} />}
        </>
      ) : null}
    </Modal>
  );
}
