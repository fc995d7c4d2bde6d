/**
 * The checkout wizard's form (spec 2 "Checkout wizard", §5 "Checkout step 1"): the Dados step's
 * required fields, each with its own message, and the POST /subscription body.
 */
import { CUSTOM_PLAN, clampCustom, customPlanPrice } from '@conversa/shared/plans';
import { CUSTOM_PLAN_CHOICE, type InvoiceView, type SubscriptionBody } from '@conversa/shared/schemas/billing';

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

/**
 * Step Personalizar's choice (spec 2 §9): the invoice's plan, or a custom plan of `users` and
 * `connections`, each at least 3 (spec 2 §5 and §9; spec 1 §5 asks 3 users and 1 connection at
 * least: the stricter 3 and 3 hold for both).
 */
export type PlanChoice = { custom: false } | { custom: true; users: number; connections: number };
export const INVOICE_PLAN: PlanChoice = { custom: false };
export const CUSTOM_MIN = CUSTOM_PLAN.min;

/** A custom plan starts at the invoice's own counters (at least 3): the same limits, priced by the rule. */
export const customFrom = (inv: InvoiceView): PlanChoice => ({ custom: true, users: clampCustom(inv.users), connections: clampCustom(inv.connections) });

/** The price shown: the invoice's value, or the custom plan's from the invoice's plan price (the server computes it again). */
export function choicePrice(inv: InvoiceView, choice: PlanChoice): number {
  return choice.custom ? customPlanPrice(inv.planAmount ?? inv.value, choice.users, choice.connections) : inv.value;
}

/** The spec's payload; `price` is what the screen shows (the server charges its own price). */
export function checkoutBody(v: CheckoutValues, inv: InvoiceView, choice: PlanChoice = INVOICE_PLAN): SubscriptionBody {
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
    plan: choice.custom ? CUSTOM_PLAN_CHOICE : inv.detail,
    price: choicePrice(inv, choice),
    users: choice.custom ? choice.users : inv.users,
    connections: choice.custom ? choice.connections : inv.connections,
    invoiceId: inv.id,
  };
}
