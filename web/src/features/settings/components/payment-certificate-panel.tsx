import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FileKey } from 'lucide-react';
import '../../../lib/i18n/locales/paymentCertificate';
import { useUser } from '../../../lib/auth';
import { formatDate, formatDateTimeShort } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePaymentCertificate, useRegisterPaymentWebhook, useUploadPaymentCertificate } from '../api/payment-certificate';

const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.6rem', margin: '0.75rem 0 0' } as const;
const FACTS = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.3rem 1rem', margin: 0 } as const;

/**
 * The payment certificate panel (spec 2 §2: it has no tab; shown to the super admin below the
 * Options tab): upload the Efí .p12 ('Escolha um arquivo!', only .p12, 'Arquivo enviado com
 * sucesso!'), see whether one is installed (its CN and expiry, never the file), and register the
 * Pix webhook at the provider. Anyone else reaching it is told 'Sem permissão para acessar!' and
 * sent to / after 500 ms.
 */
export function PaymentCertificatePanel() {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<'chooseFile' | 'onlyP12' | undefined>();
  const info = usePaymentCertificate();
  const upload = useUploadPaymentCertificate({
    onSuccess: () => {
      toast.success(t('paymentCertificate.sent'));
      setFile(undefined);
    },
  });
  const webhook = useRegisterPaymentWebhook({ onSuccess: () => toast.success(t('paymentCertificate.webhookDone')) });

  useEffect(() => {
    if (me.super) return;
    toast.error(t('common.forbidden'));
    const timer = setTimeout(() => navigate('/'), 500);
    return () => clearTimeout(timer);
  }, [me.super, navigate, t]);
  if (!me.super) return null;

  const pick = (f: File | undefined) => {
    setFile(f);
    setProblem(f && !/\.p12$/i.test(f.name) ? 'onlyP12' : undefined);
  };
  const send = () => {
    if (!file) return setProblem('chooseFile');
    if (!/\.p12$/i.test(file.name)) return setProblem('onlyP12');
    upload.mutate(file);
  };
  const cert = info.data;

  return (
    <section className="settings-section" aria-labelledby="payment-certificate-title" data-testid="payment-certificate">
      <h2 id="payment-certificate-title" className="settings-section__title">
        {t('paymentCertificate.title')}
      </h2>
      <p className="settings-section__hint">{t('paymentCertificate.hint')}</p>
      <div className="settings-group" data-testid="payment-certificate-status">
        {info.isPending ? (
          <Loader />
        ) : cert?.installed ? (
          <dl style={FACTS}>
            <dt style={{ gridColumn: '1 / -1', fontWeight: 600, color: 'var(--success)' }}>✓ {t('paymentCertificate.installed')}</dt>
            <dt>{t('paymentCertificate.subject')}</dt>
            <dd data-testid="cert-subject">{cert.subject}</dd>
            <dt>{t('paymentCertificate.expiresAt')}</dt>
            <dd data-testid="cert-expires">{formatDate(cert.expiresAt)}</dd>
            <dt>{t('paymentCertificate.uploadedAt')}</dt>
            <dd>{formatDateTimeShort(cert.uploadedAt)}</dd>
          </dl>
        ) : (
          <p className="muted">{t('paymentCertificate.notInstalled')}</p>
        )}
      </div>
      <div style={ROW}>
        <input ref={input} type="file" accept=".p12,application/x-pkcs12" hidden data-testid="cert-file" onChange={(e) => pick(e.target.files?.[0])} />
        <Button gap="0.4rem" onClick={() => input.current?.click()} isDisabled={upload.isPending}>
          <FileKey size={16} aria-hidden />
          {t('paymentCertificate.choose')}
        </Button>
        <span className="muted" style={{ overflowWrap: 'anywhere' }}>{file?.name ?? t('paymentCertificate.noFile')}</span>
        <Button variation="primary" onClick={send} isLoading={upload.isPending} loadingText={t('paymentCertificate.sending')}>
          {t('paymentCertificate.send')}
        </Button>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {t(`paymentCertificate.${problem}`)}
        </p>
      ) : null}
      <fieldset className="settings-group">
        <legend>{t('paymentCertificate.webhookTitle')}</legend>
        <p className="settings-section__hint">{t('paymentCertificate.webhookHint')}</p>
        <div style={ROW}>
          <Button onClick={() => webhook.mutate(undefined)} isLoading={webhook.isPending} isDisabled={!cert?.installed}>
            {t('paymentCertificate.webhookRegister')}
          </Button>
          <span className="muted" data-testid="webhook-status">
            {cert?.webhookRegisteredAt ? t('paymentCertificate.webhookRegisteredAt', { when: formatDateTimeShort(cert.webhookRegisteredAt) }) : t('paymentCertificate.webhookNever')}
          </span>
        </div>
      </fieldset>
    </section>
  );
}
