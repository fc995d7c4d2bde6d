/**
 * The payment certificate (spec 2 §2 "A payment certificate upload panel exists but has no tab", §5
 * "certificate only .p12"): the Efí .p12 the Pix API's mutual TLS needs, uploaded by the super admin.
 * It travels once, base64 in a JSON body (a few KB; never through the media bucket), is kept as a
 * secret and never answered back: the panel only learns whether one is installed, its subject and expiry.
 */
import { z } from 'zod';

/** Efí certificates are 2–5 KB; anything past this is not one. */
export const CERTIFICATE_MAX_BYTES = 32 * 1024;

/** POST /settings/cert-upload?ref= (the spec's call; there is one destination, so `ref` names nothing). */
export const CertUploadQuery = z.object({ ref: z.string().max(64).optional() }).strict();

/** POST /settings/cert-upload body: the file's name (must end in .p12) and its bytes in base64. */
export const CertUploadBody = z
  .object({
    filename: z.string().trim().min(1).max(255),
    content: z
      .string()
      .min(4)
      .max(Math.ceil(CERTIFICATE_MAX_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  })
  .strict();
export type CertUploadBody = z.infer<typeof CertUploadBody>;

/** The spec's answer to every settings upload. */
export type UploadAnswer = { mensagem: 'Arquivo Anexado' };

/** GET /settings/payment-certificate: what the panel shows, never the certificate itself. */
export type PaymentCertificateInfo = {
  installed: boolean;
  /** The certificate's subject common name (Efí puts the account's id there). */
  subject?: string;
  /** ISO time after which the certificate no longer works. */
  expiresAt?: string;
  uploadedAt?: string;
  /** When the Pix webhook was last registered at the provider (POST /settings/payment-webhook). */
  webhookRegisteredAt?: string;
};

/** POST /settings/payment-webhook (no body): registers the platform's Pix webhook URL at the provider. */
export type PaymentWebhookAnswer = { registered: true; registeredAt: string };
