/** Environment, parsed once per cold start; a missing value fails loudly. */
import { z } from 'zod';

const Env = z.object({
  TABLE_NAME: z.string().min(1).default('conversa'),
  AWS_REGION: z.string().default('us-east-1'),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  MEDIA_BUCKET: z.string().default('conversa-media'),
  WS_MANAGEMENT_ENDPOINT: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  /** The secret our CloudFront distribution sends to the API in `x-origin-verify` (lib/client-address.ts). */
  ORIGIN_SECRET: z.string().min(16).optional(),
  ORIGIN_SECRET_ARN: z.string().optional(),
  /** The API's public base URL as a payment provider reaches it (webhook registration), e.g. https://app.example.com/api. */
  PUBLIC_API_URL: z.string().url().optional(),
  /** The secret path segment of the payment webhook URL (BEHAVIOUR.md "Billing": a secret in the registered URL). */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  PAYMENT_WEBHOOK_SECRET_ARN: z.string().optional(),
  /** Efí's Pix API (adapters/payments/efi.ts): production by default, `https://pix-h.api.efipay.com.br` is the sandbox host. */
  EFI_BASE_URL: z.string().url().default('https://pix.api.efipay.com.br'),
  EFI_CLIENT_ID: z.string().optional(),
  EFI_CLIENT_SECRET: z.string().optional(),
  EFI_CLIENT_SECRET_ARN: z.string().optional(),
  /** The .p12 a super admin uploads, kept in this Secrets Manager secret on AWS (adapters/payment-certificate.ts). */
  EFI_CERTIFICATE_SECRET_ARN: z.string().optional(),
  /** A PEM CA bundle (its text, or a file path) trusted besides the public roots: the local fake PSP's CA. Never disables verification. */
  EFI_CA: z.string().optional(),
  /** 'true' when the webhook URL's host requires Efí's client certificate itself; otherwise Efí is told to skip mTLS (x-skip-mtls-checking). */
  EFI_WEBHOOK_MTLS: z.enum(['true', 'false']).default('false'),
  /** Which Pix provider makes the charges (BEHAVIOUR.md "Billing"): the sandbox locally, Efí in production. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'efi']).default('sandbox'),
  /**
   * The platform's Pix key (chave): charges are paid to it and Efí's webhook is registered for it.
   * Without it Efí answers ERR_PAYMENT_NOT_CONFIGURED; the sandbox uses a local example key.
   */
  PIX_KEY: z.string().min(1).max(77).optional(),
  /** The receiver the payer's bank shows (the sandbox's BR Code). */
  PIX_MERCHANT_NAME: z.string().min(1).max(25).default('Conversa'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15).default('Sao Paulo'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Conversa <no-reply@conversa.local>'),
  APP_VERSION: z.string().default('0.1.0'),
  COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
  /** Login throttle per source address (attempts per window); the system tests raise it. */
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().optional(),
  /** Multiplies campaigns' planned offsets (BEHAVIOUR.md "Campaigns"): 1 in production; tests compress the clock (0.01 = 100× faster). */
  CAMPAIGN_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});
export type Env = z.infer<typeof Env>;

let cached: Env | undefined;
export function env(): Env {
  if (cached) return cached;
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${missing}`);
  }
  cached = parsed.data;
  return cached;
}
/** Tests change the environment between suites. */
export function resetEnvCache(): void {
  cached = undefined;
}
