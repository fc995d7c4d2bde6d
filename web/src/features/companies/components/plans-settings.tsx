import { useState, type FormEvent } from 'react';
import { Badge, SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { FORM_TIERS, formatBRL, TOP_TIER, type Tier } from '@conversa/shared/plans';
import type { PlanView } from '@conversa/shared/schemas/companies';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { useDeletePlan, usePlansAdmin, useSavePlan } from '../api/companies';
import { buildPlanBody, emptyPlanForm, formFromPlan, visibleFlags, type PlanFormErrors, type PlanFormValues } from '../lib/plan-form';
import { useEditForm } from '../lib/use-edit-form';
import { AdminForm } from './admin-form';

/** Settings > Plans (spec 2): the plan form (flags on by default; the flow builder only on the top tier) and the plans table. */
export function PlansSettings() {
  const { t } = useTranslation();
  const plans = usePlansAdmin();
  const { editing, values, errors, setErrors, clear, edit, set } = useEditForm<PlanView, PlanFormValues, PlanFormErrors>(emptyPlanForm, formFromPlan);
  const [toDelete, setToDelete] = useState<PlanView | undefined>();
  const save = useSavePlan(clear);
  const del = useDeletePlan(() => setToDelete(undefined));
  const tiers: readonly Tier[] = editing && !(FORM_TIERS as readonly Tier[]).includes(editing.tier) ? [editing.tier, ...FORM_TIERS] : FORM_TIERS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildPlanBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: editing?.id, body: r.body });
  };
  const err = (k: keyof PlanFormErrors) => (errors[k] ? t(errors[k]) : undefined);
  const num = (k: 'users' | 'connections' | 'queues') => (
    <TextField label={t(`companies.plans.field.${k}`)} name={k} type="number" inputMode="numeric" min={1} value={values[k]} onChange={(e) => set(k, e.target.value)} hasError={Boolean(errors[k])} errorMessage={err(k)} />
  );

  return (
    <div className="settings-admin" data-testid="settings-plans">
      <AdminForm title={editing ? t('companies.plans.editing', { name: editing.name }) : t('companies.plans.new')} busy={save.isPending} onClear={clear} onSubmit={submit}>
        <div className="form-grid">
          <TextField label={t('companies.plans.field.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err('name')} isRequired />
          <SelectField label={t('companies.plans.field.tier')} name="tier" value={values.tier} onChange={(e) => set('tier', e.target.value as Tier)}>
            {tiers.map((tier) => (
              <option key={tier} value={tier}>
                {t(`companies.plans.tiers.${tier}`)}
              </option>
            ))}
          </SelectField>
          {num('users')}
          {num('connections')}
          {num('queues')}
          <TextField label={t('companies.plans.field.amount')} name="amount" inputMode="decimal" value={values.amount} onChange={(e) => set('amount', e.target.value)} hasError={Boolean(errors.amount)} errorMessage={err('amount')} />
        </div>
        <div className="plan-flags">
          {visibleFlags(values.tier).map((f) => (
            <SwitchField key={f} label={t(`companies.plans.flags.${f}`)} name={f} isChecked={values[f]} onChange={(e) => set(f, e.target.checked)} labelPosition="end" />
          ))}
        </div>
        {values.tier === TOP_TIER ? null : <p className="admin-form__hint">{t('companies.plans.flowBuilderHint')}</p>}
      </AdminForm>
      {plans.isPending || plans.isError ? (
        <LoadState query={plans} />
      ) : (
        <div className="table-scroll">
          <DataTable
            className="plans-table"
            rows={plans.data}
            rowKey={(p) => p.id}
            rowAttrs={(p) => ({ 'data-testid': `plan-${p.id}` })}
            empty={t('companies.plans.empty')}
            columns={[
              { key: 'name', header: t('companies.plans.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (p) => p.name },
              { key: 'tier', header: t('companies.plans.col.tier'), cell: (p) => t(`companies.plans.tiers.${p.tier}`) },
              { key: 'users', header: t('companies.plans.col.users'), className: 'hide-sm', cell: (p) => p.users },
              { key: 'connections', header: t('companies.plans.col.connections'), className: 'hide-sm', cell: (p) => p.connections },
              { key: 'queues', header: t('companies.plans.col.queues'), className: 'hide-sm', cell: (p) => p.queues },
              { key: 'amount', header: t('companies.plans.col.amount'), cell: (p) => formatBRL(p.amount) },
              { key: 'companies', header: t('companies.plans.col.companies'), cell: (p) => (p.companies > 0 ? <Badge size="small" title={t('companies.plans.inUse', { count: p.companies })}>{p.companies}</Badge> : '0') },
              {
                key: 'actions',
                header: t('common.actions'),
                className: 'col-actions',
                label: false,
                cell: (p) => (
                  <EditDeleteButtons
                    editLabel={t('companies.edit', { name: p.name })}
                    deleteLabel={t('companies.remove', { name: p.name })}
                    onEdit={() => edit(p)}
                    onDelete={() => setToDelete(p)}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('companies.plans.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('companies.plans.deleteMessage')}
      </ConfirmDialog>
    </div>
  );
}
