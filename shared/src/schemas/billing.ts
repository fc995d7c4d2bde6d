/**
 * Billing (spec 2 "Invoices list", "Checkout wizard", §3 Invoice and Subscription payload, §7;
 * BEHAVIOUR.md "Billing"): the company's invoices, the Pix checkout and the payment webhook.
 */
import { z } from 'zod';
import { SearchPageQuery } from './common';

/** Days before the company's due date that the tick issues its invoice. */
export const INVOICE_LEAD_DAYS = 10;
/** How long a Pix charge can be paid (seconds): a charge still valid for a minute more is reused. */
export const PIX_CHARGE_SECONDS = 3600;

export const InvoiceView = z.object({
  /** The due date's digits (20261231): one invoice per due date. */
  id: z.number(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** Reais (99.9). */
  value: z.number(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  status: z.enum(['open', 'paid']),
  /** The price of the plan it was issued for (reais): the base of a custom plan's price. */
  planAmount: z.number().optional(),
  /** A custom plan bought with it (spec 2 §9): the counters and the value its Pix charge is for. */
  custom: z.object({ users: z.number(), connections: z.number(), value: z.number() }).nullable().optional(),
  paidAt: z.string().nullable(),
  /** The txid of its current Pix charge, once one was made. */
  txid: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;
export type InvoicesPage = { list: InvoiceView[]; hasMore: boolean; cursor?: string };

/** GET /invoices/all: searchParam (detail, due date, status), pageNumber or cursor. */
export const InvoicesQuery = SearchPageQuery.strict();

const text = (max: number) => z.string().trim().max(max, 'Too Long!');
const required = (max: number, message: string) => z.string().trim().min(1, message).max(max, 'Too Long!');

/** Step Dados' required fields (spec 2 §5 "Checkout step 1"), with their messages. */
export const CHECKOUT_MESSAGES = {
  firstName: 'O nome completo é obrigatório',
  address2: 'O endereço é obrigatório',
  city: 'A cidade é obrigatória',
  zipcode: 'O CEP é obrigatório',
  country: 'O país é obrigatório',
} as const;

/** `plan` of a checkout that buys a custom plan with its `users` and `connections` (spec 2 §9). */
export const CUSTOM_PLAN_CHOICE = 'custom';

/**
 * POST /subscription (spec 2 §3 "Subscription payload"). The card fields are the spec's (Pix
 * ignores them); `price` is what the screen showed and is never used: the charge is the invoice's
 * value, or, when `plan` is 'custom', the price the server computes for `users` and `connections`
 * from the company's plan (customPlanPrice; each at least 3).
 */
export const SubscriptionBody = z
  .object({
    firstName: required(100, CHECKOUT_MESSAGES.firstName),
    lastName: text(100).optional(),
    /** The address line ("Endereço"). */
    address2: required(200, CHECKOUT_MESSAGES.address2),
    city: required(100, CHECKOUT_MESSAGES.city),
    state: text(100).optional(),
    zipcode: required(20, CHECKOUT_MESSAGES.zipcode),
    country: required(60, CHECKOUT_MESSAGES.country),
    useAddressForPaymentDetails: z.boolean().optional(),
    nameOnCard: text(100).optional(),
    cardNumber: text(30).optional(),
    cvv: text(8).optional(),
    plan: z.union([text(200), z.record(z.string(), z.unknown())]).optional(),
    price: z.number().min(0).max(1_000_000).optional(),
    users: z.number().int().min(0).max(100_000).optional(),
    connections: z.number().int().min(0).max(100_000).optional(),
    invoiceId: z.number().int().positive().max(99_991_231),
  })
  .strict();
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

/** The answer: the spec's `qrcode.qrcode`, `valor.original`, `urlMcPg`, and what the Pix screen needs. */
export type SubscriptionAnswer = {
  qrcode: { qrcode: string };
  valor: { original: string };
  urlMcPg: string;
  txid: string;
  expiresAt: string;
  /** Which provider made the charge: the sandbox's charges can be paid by 'Simular pagamento'. */
  provider: 'sandbox' | 'efi';
};

/** A Pix txid (26 to 35 letters and digits). */
export const TxidParam = z.object({ txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/, 'txid') });

/** POST /webhooks/pix/{token}: the secret path segment. */
export const WebhookTokenParam = z.object({ token: z.string().min(1).max(200) });

/** One Pix payment as the PSP notifies it (Efí's webhook, Pix API v2 "pix" callback). */
export const PixNotice = z.object({
  endToEndId: z.string().min(1).max(64),
  txid: z.string().max(35).optional(),
  chave: z.string().max(200).optional(),
  valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
  horario: z.string().max(64),
  infoPagador: z.string().max(200).optional(),
});
export type PixNotice = z.infer<typeof PixNotice>;
/** The body: `{ pix: [...] }`; Efí's registration test call has no `pix` (answered 200, nothing paid). */
export const PixWebhookBody = z.object({ pix: z.array(PixNotice.passthrough()).max(100).optional() }).passthrough();
export type PixWebhookBody = z.infer<typeof PixWebhookBody>;
