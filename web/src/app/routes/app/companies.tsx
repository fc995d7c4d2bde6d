import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ui/list-search';
import { useNavigate } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { PAGE_DENY_REDIRECT_MS, SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import { nextDueDate } from '@conversa/shared/recurrence';
import type { CompanyView } from '@conversa/shared/schemas/companies';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { useCompanies, usePlansAdmin, useSaveCompany } from '../../../features/companies/api/companies';
import { CompaniesTable } from '../../../features/companies/components/companies-table';
import { CompanyPlanModal } from '../../../features/companies/components/company-plan-modal';
import { CompanyDeletion } from '../../../features/companies/components/deletion-dialog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import { formatDate, isoDate } from '../../../lib/format';
import '../../../lib/i18n/locales/companies';
import { toast } from '../../../lib/toast';
import '../../../styles/companies.css';

/** Spec 2 "Companies list": redirect delay for a user who may not be here. */

/** /companies (spec 2 "Companies list"; super admin only). */
export default function CompaniesRoute() {
  const me = useUser();
  return me.super ? <CompaniesList /> : <NoAccess />;
}

function NoAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(t('companies.noAccess'));
    const timer = setTimeout(() => navigate('/'), PAGE_DENY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return (
    <div className="forbidden" role="alert">
      <p>{t('companies.noAccess')}</p>
    </div>
  );
}

function CompaniesList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const companies = useCompanies(debounced);
  const plans = usePlansAdmin();
  const [modal, setModal] = useState<{ open: boolean; company?: CompanyView }>({ open: false });
  const [toDelete, setToDelete] = useState<CompanyView | undefined>();
  const due = useSaveCompany((c) => toast.info(t('companies.dueAdded', { date: formatDate(c.dueDate) })));

  const addDue = (c: CompanyView) => due.mutate({ id: c.id, body: { dueDate: nextDueDate(c.dueDate ?? isoDate(), c.recurrence) } });

  return (
    <ContentLayout
      title={t('companies.title')}
      fill
      actions={
        <>
          <ListSearch label={t('companies.search')} value={search} onChange={setSearch} />
          <Button variation="primary" size="small" gap="0.4rem" onClick={() => setModal({ open: true })}>
            <Plus size={16} aria-hidden />
            {t('companies.add')}
          </Button>
        </>
      }
    >
      <div className="card card--fill">
        <CompaniesTable query={companies} onEdit={(c) => setModal({ open: true, company: c })} onDelete={setToDelete} onAddDue={addDue} busyId={due.isPending ? due.variables?.id : undefined} />
      </div>
      <CompanyPlanModal open={modal.open} company={modal.company} plans={plans.data ?? []} onClose={() => setModal({ open: false })} />
      <CompanyDeletion company={toDelete} onClose={() => setToDelete(undefined)} />
    </ContentLayout>
  );
}
