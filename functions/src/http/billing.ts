import { InvoicesQuery, PixWebhookBody, SubscriptionBody, TxidParam, WebhookTokenParam } from '@conversa/shared/schemas/billing';
import { endpoint, groupHandler } from './endpoint';
import { listInvoices } from '../domain/billing/list-invoices';
import { receivePixWebhook } from '../domain/billing/receive-payment';
import { simulatePayment } from '../domain/billing/simulate-payment';
import { subscribe } from '../domain/billing/subscribe';

export const handler = groupHandler('billing', {
  'GET /invoices/all': endpoint({ query: InvoicesQuery }, async ({ auth, query }) => listInvoices(auth, query)),
  'POST /subscription': endpoint({ body: SubscriptionBody }, async ({ auth, body }) => subscribe(auth, body)),
  'POST /subscription/sandbox/{txid}/pay': endpoint({ params: TxidParam }, async ({ params }) => simulatePayment(params.txid)),
  'POST /webhooks/pix/{token}': endpoint({ params: WebhookTokenParam, body: PixWebhookBody }, async ({ params, body }) => receivePixWebhook(params.token, body)),
});
