import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ui/list-search';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { CompanyView } from '@conversa/shared/schemas/companies';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useCompanies, usePlansAdmin, useSaveCompany } from '../api/companies';
import { createBody, emptyCompanyForm, formFromCompany, updateBody, validateCompany, type CompanyFormErrors, type CompanyFormValues } from '../lib/company-form';
import { CompaniesTable } from './companies-table';
import { CompanyFields } from './company-fields';
import { AdminForm } from './admin-form';
import { CompanyDeletion } from './deletion-dialog';
import { useEditForm } from '../lib/use-edit-form';

/** Settings > Companies (spec 2): the full company form above the table; a row's edit loads it into the form. */
export function CompaniesSettings() {
  const { t } = useTranslation();
  const plans = usePlansAdmin();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const companies = useCompanies(debounced);
  const { editing, values, errors, setErrors, clear, edit, set } = useEditForm<CompanyView, CompanyFormValues, CompanyFormErrors>(emptyCompanyForm, formFromCompany);
  const [toDelete, setToDelete] = useState<CompanyView | undefined>();
  const save = useSaveCompany(clear);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateCompany(values, !editing);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.mutate(editing ? { id: editing.id, body: updateBody(values) } : { body: createBody(values) });
  };

  return (
    <div className="settings-admin" data-testid="settings-companies">
      <AdminForm title={editing ? t('companies.form.editing', { name: editing.name }) : t('companies.form.new')} busy={save.isPending} onClear={clear} onSubmit={submit}>
        <CompanyFields values={values} errors={errors} plans={plans.data ?? []} creating={!editing} set={set} />
      </AdminForm>
      <div className="settings-list">
        <ListSearch label={t('companies.search')} value={search} onChange={setSearch} />
        <CompaniesTable query={companies} onEdit={edit} onDelete={setToDelete} testId="settings-companies-scroll" />
      </div>
      <CompanyDeletion company={toDelete} onClose={() => setToDelete(undefined)} />
    </div>
  );
}
