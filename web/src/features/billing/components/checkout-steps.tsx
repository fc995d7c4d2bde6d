import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceView } from '@conversa/shared/schemas/billing';
import { formatBRL, formatDate } from '../../../lib/format';
import { REQUIRED, type CheckoutErrors, type CheckoutValues } from '../lib/checkout-form';

const FIELDS: readonly (keyof CheckoutValues)[] = ['firstName', 'address2', 'city', 'state', 'zipcode', 'country'];
const AUTOCOMPLETE: Record<keyof CheckoutValues, string> = { firstName: 'name', address2: 'street-address', city: 'address-level2', state: 'address-level1', zipcode: 'postal-code', country: 'country-name' };

/** Step Dados (0): who pays; full name, address, city, CEP and country are required. */
export function DataStep({ values, errors, onChange }: { values: CheckoutValues; errors: CheckoutErrors; onChange(field: keyof CheckoutValues, value: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-fields">
      {FIELDS.map((f) => (
        <TextField
          key={f}
          name={f}
          label={`${t(`billing.form.${f}`)}${REQUIRED.includes(f) ? '*' : ''}`}
          autoComplete={AUTOCOMPLETE[f]}
          value={values[f]}
          maxLength={f === 'zipcode' ? 20 : 200}
          onChange={(e) => onChange(f, e.target.value)}
          hasError={Boolean(errors[f])}
          errorMessage={errors[f] ? t(errors[f]) : undefined}
          className={f === 'address2' || f === 'firstName' ? 'checkout-fields__wide' : undefined}
        />
      ))}
    </div>
  );
}

/** Step Personalizar (1, the start): the plan the invoice was issued for, and its value. */
export function PlanStep({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-plan" aria-labelledby="checkout-plan-title">
      <h3 id="checkout-plan-title" className="checkout-section__title">
        {t('billing.plan.heading')}
      </h3>
      <div className="checkout-plan__card" data-testid="checkout-plan">
        <strong className="checkout-plan__name">{invoice.detail}</strong>
        <ul className="checkout-plan__limits">
          <li>{t('billing.plan.users', { count: invoice.users })}</li>
          <li>{t('billing.plan.connections', { count: invoice.connections })}</li>
          <li>{t('billing.plan.queues', { count: invoice.queues })}</li>
        </ul>
        <span className="checkout-plan__price">{formatBRL(invoice.value)}</span>
      </div>
      <p className="checkout-hint">{t('billing.plan.fixed')}</p>
    </section>
  );
}

/** Step Revisar (2): the order and who pays it. */
export function ReviewStep({ invoice, values }: { invoice: InvoiceView; values: CheckoutValues }) {
  const { t } = useTranslation();
  const address = [values.address2, values.city, values.state, values.zipcode, values.country].map((s) => s.trim()).filter(Boolean).join(', ');
  return (
    <section className="checkout-review" aria-labelledby="checkout-review-title">
      <h3 id="checkout-review-title" className="checkout-section__title">
        {t('billing.review.heading')}
      </h3>
      <dl className="checkout-review__list">
        <dt>{invoice.detail}</dt>
        <dd>{formatBRL(invoice.value)}</dd>
        <dt>{t('billing.review.dueDate')}</dt>
        <dd>{formatDate(invoice.dueDate)}</dd>
        <dt>{t('billing.review.billing')}</dt>
        <dd>
          {values.firstName.trim()}
          {address ? <span className="checkout-review__address">{address}</span> : null}
        </dd>
        <dt className="checkout-review__total">{t('billing.review.total')}</dt>
        <dd className="checkout-review__total">{formatBRL(invoice.value)}</dd>
      </dl>
      <p className="checkout-hint">{t('billing.review.method')}</p>
    </section>
  );
}
