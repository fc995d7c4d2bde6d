import { SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { RECURRENCES } from '@conversa/shared/constants';
import { PAYMENT_METHODS, type PlanView } from '@conversa/shared/schemas/companies';
import type { CompanyFormErrors, CompanyFormValues } from '../lib/company-form';

type Props = {
  values: CompanyFormValues;
  errors: CompanyFormErrors;
  plans: readonly PlanView[];
  creating: boolean;
  /** The company-plan modal's fields only (spec 2: name, email, passwordDefault, numberAttendants, numberConections, status). */
  compact?: boolean;
  set<K extends keyof CompanyFormValues>(field: K, value: CompanyFormValues[K]): void;
};

/** The company's fields, shared by the company-plan modal and the Settings > Companies form. */
export function CompanyFields({ values, errors, plans, creating, compact, set }: Props) {
  const { t } = useTranslation();
  const err = (k: keyof CompanyFormValues) => (errors[k] ? t(errors[k]) : undefined);
  const text = (k: keyof CompanyFormValues, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`companies.field.${k}`)}
      name={k}
      autoComplete="off"
      value={values[k] as string}
      onChange={(e) => set(k, e.target.value as never)}
      hasError={Boolean(errors[k])}
      errorMessage={err(k)}
      {...extra}
    />
  );
  const plan = plans.find((p) => String(p.id) === values.planId);
  return (
    <>
      <div className="form-grid">
        {text('name', { isRequired: true })}
        {text('email', { type: 'email', isRequired: true })}
        {creating ? text('passwordDefault', { type: 'password', autoComplete: 'new-password', descriptiveText: t('companies.field.passwordHint'), isRequired: true }) : null}
        <SelectField label={t('companies.field.plan')} name="planId" value={values.planId} onChange={(e) => set('planId', e.target.value)} hasError={Boolean(errors.planId)} errorMessage={err('planId')}>
          <option value="" disabled>
            —
          </option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('companies.field.numberAttendants')} name="numberAttendants" value={plan ? String(plan.users) : ''} isReadOnly />
        <TextField label={t('companies.field.numberConections')} name="numberConections" value={plan ? String(plan.connections) : ''} isReadOnly />
        {compact ? null : (
          <>
            {text('phone', { type: 'tel' })}
            {text('document', { placeholder: '000.000.000-00' })}
            <TextField label={t('companies.field.dueDate')} name="dueDate" type="date" value={values.dueDate} onChange={(e) => set('dueDate', e.target.value)} />
            <SelectField label={t('companies.field.recurrence')} name="recurrence" value={values.recurrence} onChange={(e) => set('recurrence', e.target.value as CompanyFormValues['recurrence'])}>
              {RECURRENCES.map((r) => (
                <option key={r} value={r}>
                  {t(`companies.recurrences.${r}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('companies.field.paymentMethod')} name="paymentMethod" value={values.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value as CompanyFormValues['paymentMethod'])}>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`companies.payment.${m}`)}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </div>
      <SwitchField label={t('companies.field.status')} name="status" isChecked={values.status} onChange={(e) => set('status', e.target.checked)} labelPosition="end" />
      {compact ? null : (
        <fieldset className="form-fieldset">
          <legend>{t('companies.form.billing')}</legend>
          <div className="form-grid">
            {text('billingName')}
            {text('addressZipCode', { inputMode: 'numeric', placeholder: '00000-000' })}
            {text('addressStreet')}
            {text('addressDistrict')}
            {text('addressCity')}
            {text('addressState', { maxLength: 2 })}
          </div>
        </fieldset>
      )}
    </>
  );
}
