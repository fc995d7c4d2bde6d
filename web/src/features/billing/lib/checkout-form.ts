/**
 * The checkout wizard's form (spec 2 "Checkout wizard", §5 "Checkout step 1"): the Dados step's
 * required fields, each with its own message, and the POST /subscription body.
 */
import type { InvoiceView, SubscriptionBody } from '@conversa/shared/schemas/billing';

export type CheckoutValues = { firstName: string; address2: string; city: string; state: string; zipcode: string; country: string };
export type CheckoutErrors = Partial<Record<keyof CheckoutValues, string>>;

/** Steps: Dados (0), Personalizar (1, where the wizard starts), Revisar (2); then the Pix screen. */
export const STEPS = ['data', 'customize', 'review'] as const;
export const START_STEP = 1;

export const REQUIRED: readonly (keyof CheckoutValues)[] = ['firstName', 'address2', 'city', 'zipcode', 'country'];

export const emptyCheckout = (): CheckoutValues => ({ firstName: '', address2: '', city: '', state: '', zipcode: '', country: 'Brasil' });

/** The i18n key of each missing required field's message (billing.form.required.<field>). */
export function validateCheckout(v: CheckoutValues): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const f of REQUIRED) if (!v[f].trim()) errors[f] = `billing.form.required.${f}`;
  return errors;
}

/** The spec's payload; `price` is what the screen shows (the server charges the invoice's value). */
export function checkoutBody(v: CheckoutValues, inv: InvoiceView): SubscriptionBody {
  return {
    firstName: v.firstName.trim(),
    lastName: '',
    address2: v.address2.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    zipcode: v.zipcode.trim(),
    country: v.country.trim(),
    useAddressForPaymentDetails: false,
    nameOnCard: '',
    cardNumber: '',
    cvv: '',
    plan: inv.detail,
    price: inv.value,
    users: inv.users,
    connections: inv.connections,
    invoiceId: inv.id,
  };
}
