import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyView, PlanView } from '@conversa/shared/schemas/companies';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { useSaveCompany } from '../api/companies';
import { createBody, emptyCompanyForm, formFromCompany, updateBody, validateCompany, type CompanyFormErrors, type CompanyFormValues } from '../lib/company-form';
import { CompanyFields } from './company-fields';

type Props = { open: boolean; company?: CompanyView; plans: readonly PlanView[]; onClose(): void };

/** The company-plan modal of the Companies screen (spec 2): name, email, passwordDefault, the plan's attendants and connections, status. */
export function CompanyPlanModal({ open, company, plans, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CompanyFormValues>(emptyCompanyForm());
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const save = useSaveCompany(() => onClose());

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(company ? formFromCompany(company) : emptyCompanyForm(plans[0] ? String(plans[0].id) : ''));
  }, [open, company, plans]);

  const set = <K extends keyof CompanyFormValues>(k: K, v: CompanyFormValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    // A field's message goes once it is edited; the others stay until the next submit.
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateCompany(values, !company);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    if (company) {
      const { name, email, planId, status } = updateBody(values);
      save.mutate({ id: company.id, body: { name, email, planId, status } });
    } else save.mutate({ body: createBody(values) });
  };

  return (
    <Modal
      open={open}
      title={company ? t('companies.modal.editTitle') : t('companies.modal.addTitle')}
      onClose={onClose}
      footer={
        <FormFooter formId="company-plan-form" pending={save.isPending} onCancel={onClose} />
      }
    >
      <form id="company-plan-form" className="form" onSubmit={submit} noValidate>
        <CompanyFields values={values} errors={errors} plans={plans} creating={!company} compact set={set} />
      </form>
    </Modal>
  );
}
