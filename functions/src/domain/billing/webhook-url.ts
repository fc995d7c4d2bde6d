/**
 * The URL the payment provider calls when a Pix charge is paid: `POST {PUBLIC_API_URL}/webhooks/pix/{secret}`.
 * The secret path segment authenticates the call (BEHAVIOUR.md "Billing"); `?ignorar=` tells Efí not
 * to append `/pix` to it. The handler compares the segment with `paymentWebhookSecret()` in constant time.
 */
import { paymentWebhookSecret } from '../../adapters/secrets';
import { env } from '../../lib/config';

export const PIX_WEBHOOK_ROUTE = '/webhooks/pix/{token}';

export async function pixWebhookUrl(): Promise<string> {
  const base = env().PUBLIC_API_URL;
  if (!base) throw new Error('PUBLIC_API_URL must be set to register the payment webhook');
  return `${base.replace(/\/$/, '')}/webhooks/pix/${await paymentWebhookSecret()}?ignorar=`;
}
