/**
 * The payment certificate panel's use-cases (super admin): upload the Efí .p12 (POST
 * /settings/cert-upload), describe what is installed (GET /settings/payment-certificate), and
 * register the platform's Pix webhook at Efí (POST /settings/payment-webhook). A .p12 is checked
 * by its content: a DER SEQUENCE that loads as a PKCS#12 with an empty passphrase (as Efí issues
 * them) holding a certificate and its key, not expired. Its bytes are stored as a secret
 * (adapters/payment-certificate.ts) and never answered; the audit log records the subject and
 * expiry, never the bytes.
 */
import { createHash } from 'node:crypto';
import { Socket } from 'node:net';
import { createSecureContext, TLSSocket } from 'node:tls';
import { CERTIFICATE_MAX_BYTES, type CertUploadBody, type PaymentCertificateInfo, type PaymentWebhookAnswer, type UploadAnswer } from '@conversa/shared/schemas/payment-certificate';
import { markWebhookRegistered, readPaymentState, storePaymentCertificate } from '../../adapters/payment-certificate';
import { efiProvider } from '../../adapters/payments/efi';
import { AppError } from '../../lib/app-error';
import { env } from '../../lib/config';
import { log } from '../../lib/log';
import { recordAudit, type Actor } from '../audit/record-audit';
import { pixWebhookUrl } from './webhook-url';

export type CertificateFacts = { subject: string; expiresAt: string; fingerprint: string };

/** What a .p12 is, or the AppError saying why it is not one the Pix API can use. */
export function inspectCertificate(bytes: Buffer, now = new Date()): CertificateFacts {
  // A PKCS#12 is a DER SEQUENCE (0x30) with a long-form length; anything else (a PNG renamed .p12, a PEM) is not one.
  if (bytes.length < 64 || bytes[0] !== 0x30 || (bytes[1]! & 0x80) === 0) throw new AppError('ERR_CERTIFICATE_INVALID');
  let socket: TLSSocket | undefined;
  try {
    const secureContext = createSecureContext({ pfx: bytes, passphrase: '' });
    socket = new TLSSocket(new Socket(), { secureContext });
    const cert = socket.getX509Certificate();
    if (!cert) throw new AppError('ERR_CERTIFICATE_INVALID');
    const expires = new Date(cert.validTo);
    if (!(expires.getTime() > now.getTime())) throw new AppError('ERR_CERTIFICATE_EXPIRED');
    const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1]?.trim();
    return { subject: (cn || cert.subject.replace(/\n/g, ', ')).slice(0, 200), expiresAt: expires.toISOString(), fingerprint: createHash('sha256').update(bytes).digest('hex') };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // OpenSSL says "mac verify failure" when the passphrase (here: none) does not open the file.
    throw new AppError(/mac verify|password|passphrase/i.test((err as Error).message) ? 'ERR_CERTIFICATE_PASSWORD' : 'ERR_CERTIFICATE_INVALID');
  } finally {
    socket?.destroy();
  }
}

export async function uploadPaymentCertificate(actor: Actor, body: CertUploadBody): Promise<UploadAnswer> {
  if (!/\.p12$/i.test(body.filename)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  const bytes = Buffer.from(body.content, 'base64');
  if (bytes.length > CERTIFICATE_MAX_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const facts = inspectCertificate(bytes);
  const uploadedAt = new Date().toISOString();
  const previous = await storePaymentCertificate(bytes, { ...facts, uploadedAt, uploadedBy: actor.userId });
  const shown = (c: { subject: string; expiresAt: string; fingerprint: string; uploadedAt: string }) => ({ subject: c.subject, validUntil: c.expiresAt, fingerprint: c.fingerprint, uploadedAt: c.uploadedAt });
  await recordAudit(actor, { action: 'paymentCertificate.upload', target: { name: facts.subject }, ...(previous ? { before: shown(previous) } : {}), after: shown({ ...facts, uploadedAt }) });
  return { mensagem: 'Arquivo Anexado' };
}

export async function paymentCertificateInfo(): Promise<PaymentCertificateInfo> {
  const { certificate, webhookRegisteredAt } = await readPaymentState();
  return {
    installed: Boolean(certificate),
    ...(certificate ? { subject: certificate.subject, expiresAt: certificate.expiresAt, uploadedAt: certificate.uploadedAt } : {}),
    ...(webhookRegisteredAt ? { webhookRegisteredAt } : {}),
  };
}

/** Registers `pixWebhookUrl()` for the platform's Pix key at Efí (the provider that calls webhooks). */
export async function registerPaymentWebhook(actor: Actor): Promise<PaymentWebhookAnswer> {
  if (!env().PUBLIC_API_URL || !env().PIX_KEY) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED');
  const url = await pixWebhookUrl().catch((err: Error) => {
    log.error('payment webhook URL unavailable', { message: err.message });
    throw new AppError('ERR_PAYMENT_NOT_CONFIGURED');
  });
  await efiProvider().registerWebhook(url);
  const registeredAt = new Date().toISOString();
  await markWebhookRegistered(registeredAt, actor.userId);
  // The URL carries the webhook's secret path segment: the entry names the key and the time only.
  await recordAudit(actor, { action: 'paymentWebhook.register', target: { name: 'efi' }, after: { provider: 'efi', pixKey: env().PIX_KEY, registeredAt } });
  return { registered: true, registeredAt };
}
