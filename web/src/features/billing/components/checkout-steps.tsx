import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { CUSTOM_PLAN } from '@conversa/shared/plans';
import type { InvoiceView } from '@conversa/shared/schemas/billing';
import { formatBRL, formatDate } from '../../../lib/format';
import { CUSTOM_MIN, INVOICE_PLAN, REQUIRED, choicePrice, customFrom, type CheckoutErrors, type CheckoutValues, type PlanChoice } from '../lib/checkout-form';

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

/** One custom-plan counter: − and + by one, never below 3. */
function Counter({ name, label, value, onChange }: { name: string; label: string; value: number; onChange(n: number): void }) {
  const { t } = useTranslation();
  return (
    <div className="plan-counter" role="group" aria-label={label}>
      <span className="plan-counter__label" id={`${name}-label`}>
        {label}
      </span>
      <div className="plan-counter__controls">
        <button type="button" className="plan-counter__btn" aria-label={t('billing.custom.decrease', { what: label })} disabled={value <= CUSTOM_MIN} onClick={() => onChange(value - 1)}>
          <Minus size={16} aria-hidden />
        </button>
        <output className="plan-counter__value" aria-labelledby={`${name}-label`} data-testid={`custom-${name}`}>
          {value}
        </output>
        <button type="button" className="plan-counter__btn" aria-label={t('billing.custom.increase', { what: label })} onClick={() => onChange(value + 1)}>
          <Plus size={16} aria-hidden />
        </button>
      </div>
    </div>
  );
}

/**
 * Step Personalizar (1, the start): the plan the invoice was issued for (the default), or a custom
 * plan (spec 2 §9): users and connections from 3, the price live as they change.
 */
export function PlanStep({ invoice, choice, onChoose }: { invoice: InvoiceView; choice: PlanChoice; onChoose(c: PlanChoice): void }) {
  const { t } = useTranslation();
  const custom = choice.custom ? choice : undefined;
  const price = choicePrice(invoice, choice);
  return (
    <section className="checkout-plan" aria-labelledby="checkout-plan-title">
      <h3 id="checkout-plan-title" className="checkout-section__title">
        {t('billing.custom.heading')}
      </h3>
      <div className="checkout-plan__options" role="radiogroup" aria-labelledby="checkout-plan-title">
        <label className={`checkout-plan__card${custom ? '' : ' is-selected'}`} data-testid="checkout-plan">
          <input type="radio" name="checkout-plan" className="checkout-plan__radio" checked={!custom} onChange={() => onChoose(INVOICE_PLAN)} />
          <strong className="checkout-plan__name">{invoice.detail}</strong>
          <ul className="checkout-plan__limits">
            <li>{t('billing.plan.users', { count: invoice.users })}</li>
            <li>{t('billing.plan.connections', { count: invoice.connections })}</li>
            <li>{t('billing.plan.queues', { count: invoice.queues })}</li>
          </ul>
          <span className="checkout-plan__price">{formatBRL(invoice.value)}</span>
        </label>
        <label className={`checkout-plan__card${custom ? ' is-selected' : ''}`} data-testid="checkout-custom">
          <input type="radio" name="checkout-plan" className="checkout-plan__radio" checked={Boolean(custom)} onChange={() => onChoose(custom ?? customFrom(invoice))} />
          <strong className="checkout-plan__name">{t('billing.custom.name')}</strong>
          <span className="checkout-plan__limits">{t('billing.custom.summary')}</span>
          <span className="checkout-plan__price" data-testid="custom-price" aria-live="polite">
            {custom ? formatBRL(price) : null}
          </span>
        </label>
      </div>
      {custom ? (
        <div className="checkout-custom">
          <div className="checkout-custom__counters">
            <Counter name="users" label={t('billing.custom.users')} value={custom.users} onChange={(users) => onChoose({ ...custom, users: Math.max(CUSTOM_MIN, users) })} />
            <Counter name="connections" label={t('billing.custom.connections')} value={custom.connections} onChange={(connections) => onChoose({ ...custom, connections: Math.max(CUSTOM_MIN, connections) })} />
          </div>
          <p className="checkout-hint">
            {t('billing.custom.rule', { base: formatBRL(invoice.planAmount ?? invoice.value), user: formatBRL(CUSTOM_PLAN.userStep), connection: formatBRL(CUSTOM_PLAN.connectionStep) })}
          </p>
          <p className="checkout-hint checkout-hint--strong">{t('billing.custom.minimum')}</p>
          <p className="checkout-hint">{t('billing.custom.applies')}</p>
        </div>
      ) : (
        <p className="checkout-hint">{t('billing.plan.fixed')}</p>
      )}
    </section>
  );
}

/** Step Revisar (2): the order and who pays it. */
export function ReviewStep({ invoice, values, choice }: { invoice: InvoiceView; values: CheckoutValues; choice: PlanChoice }) {
  const { t } = useTranslation();
  const total = choicePrice(invoice, choice);
  const address = [values.address2, values.city, values.state, values.zipcode, values.country].map((s) => s.trim()).filter(Boolean).join(', ');
  return (
    <section className="checkout-review" aria-labelledby="checkout-review-title">
      <h3 id="checkout-review-title" className="checkout-section__title">
        {t('billing.review.heading')}
      </h3>
      <dl className="checkout-review__list">
        {choice.custom ? (
          <>
            <dt>
              {t('billing.custom.name')}
              <span className="checkout-review__address">{t('billing.custom.limits', { users: choice.users, connections: choice.connections })}</span>
            </dt>
            <dd>{formatBRL(total)}</dd>
          </>
        ) : (
          <>
            <dt>{invoice.detail}</dt>
            <dd>{formatBRL(invoice.value)}</dd>
          </>
        )}
        <dt>{t('billing.review.dueDate')}</dt>
        <dd>{formatDate(invoice.dueDate)}</dd>
        <dt>{t('billing.review.billing')}</dt>
        <dd>
          {values.firstName.trim()}
          {address ? <span className="checkout-review__address">{address}</span> : null}
        </dd>
        <dt className="checkout-review__total">{t('billing.review.total')}</dt>
        <dd className="checkout-review__total" data-testid="review-total">
          {formatBRL(total)}
        </dd>
      </dl>
      <p className="checkout-hint">{t('billing.review.method')}</p>
    </section>
  );
}
