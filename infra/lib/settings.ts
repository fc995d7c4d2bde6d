/**
 * Deployment settings, read once from CDK context (`cdk.json`, `cdk.context.json` or `-c key=value`).
 * Every key is optional; the defaults synthesize a working, environment-agnostic app.
 *
 * | context key                  | meaning                                                              |
 * | ---------------------------- | -------------------------------------------------------------------- |
 * | `conversa:stackPrefix`       | stack name prefix (default `Conversa`)                                |
 * | `conversa:webOrigin`         | origins allowed by the media bucket's CORS, comma separated, e.g.    |
 * |                              | `https://app.x.com` (default: the web stack's CloudFront domain)     |
 * | `conversa:mailFrom`          | MAIL_FROM                                                             |
 * | `conversa:smtpHost`/`Port`/`User` | SMTP_HOST / SMTP_PORT / SMTP_USER                                |
 * | `conversa:smtpPassSecret`    | name of a Secrets Manager secret (plain string) holding SMTP_PASS;    |
 * |                              | resolved by CloudFormation at deploy time                            |
 * | `conversa:domainName`        | the site's own domain on CloudFront (with certificateArn)             |
 * | `conversa:certificateArn`    | its ACM certificate, in us-east-1 (CloudFront's region)               |
 * | `conversa:tracing`           | `off` (default) or `active`: X-Ray, sampled at `conversa:tracingRate` (default 0.01) |
 * | `conversa:adminEmail`        | the first super admin (the deploy's bootstrap; password generated)   |
 * | `conversa:alarmEmail`        | e-mail subscribed to the alarms topic (monitoring-stack.ts)           |
 * | `conversa:appVersion`        | APP_VERSION (default: the root package.json version)                 |
 * | `conversa:apiRateLimit` / `conversa:apiBurstLimit` | stage throttling defaults (requests/s, burst)  |
 * | `conversa:paymentProvider`   | PAYMENT_PROVIDER: `sandbox` (default) or `efi`                        |
 * | `conversa:pixKey` / `pixMerchantName` / `pixMerchantCity` | PIX_KEY / PIX_MERCHANT_NAME / PIX_MERCHANT_CITY |
 * | `conversa:efiClientId` / `efiBaseUrl` | EFI_CLIENT_ID / EFI_BASE_URL (default Efí's production host; `https://pix-h.api.efipay.com.br` is its sandbox) |
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from 'constructs';
import { REPO_ROOT } from './paths';

export type Settings = {
  stackPrefix: string;
  webOrigin?: string;
  mailFrom?: string;
  smtp?: { host: string; port?: number; user?: string; passSecretName?: string };
  appVersion: string;
  alarmEmail?: string;
  adminEmail?: string;
  domain?: { name: string; certificateArn: string };
  throttle: { rateLimit: number; burstLimit: number };
  /** The Pix checkout's provider and the platform's Pix key (BEHAVIOUR.md "Billing"). */
  payments: { provider: 'sandbox' | 'efi'; pixKey?: string; merchantName?: string; merchantCity?: string; efiClientId?: string; efiBaseUrl?: string };
};

function rootVersion(): string {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

function paymentProvider(v: string | undefined): 'sandbox' | 'efi' {
  if (v === undefined || v === 'sandbox' || v === 'efi') return v ?? 'sandbox';
  throw new Error(`context conversa:paymentProvider must be sandbox or efi, got "${v}"`);
}

function domainOf(name: string | undefined, certificateArn: string | undefined): Settings['domain'] {
  if (!name && !certificateArn) return undefined;
  if (!name || !certificateArn) throw new Error('context conversa:domainName and conversa:certificateArn go together');
  if (!/^arn:aws:acm:us-east-1:/.test(certificateArn)) throw new Error('conversa:certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates there)');
  return { name: name.toLowerCase(), certificateArn };
}

export function readSettings(node: Node): Settings {
  const str = (key: string): string | undefined => {
    const v: unknown = node.tryGetContext(`conversa:${key}`);
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  const num = (key: string, fallback: number): number => {
    const v = str(key);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`context conversa:${key} must be a positive number, got "${v}"`);
    return n;
  };
  const smtpHost = str('smtpHost');
  const smtpPort = str('smtpPort');
  return {
    stackPrefix: str('stackPrefix') ?? 'Conversa',
    webOrigin: str('webOrigin'),
    mailFrom: str('mailFrom'),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: smtpPort === undefined ? undefined : num('smtpPort', 587),
          user: str('smtpUser'),
          passSecretName: str('smtpPassSecret'),
        }
      : undefined,
    appVersion: str('appVersion') ?? rootVersion(),
    alarmEmail: str('alarmEmail'),
    adminEmail: str('adminEmail'),
    domain: domainOf(str('domainName'), str('certificateArn')),
    throttle: { rateLimit: num('apiRateLimit', 200), burstLimit: num('apiBurstLimit', 400) },
    payments: { provider: paymentProvider(str('paymentProvider')), pixKey: str('pixKey'), merchantName: str('pixMerchantName'), merchantCity: str('pixMerchantCity'), efiClientId: str('efiClientId'), efiBaseUrl: str('efiBaseUrl') },
  };
}
