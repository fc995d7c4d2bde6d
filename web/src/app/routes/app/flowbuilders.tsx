import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Zap } from 'lucide-react';
import type { FlowView } from '@conversa/shared/schemas/flows';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadState } from '../../../components/ui/load-state';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { paths } from '../../../config/paths';
import { useDeleteFlow } from '../../../features/flows/api/delete-flow';
import { useDuplicateFlow } from '../../../features/flows/api/duplicate-flow';
import { FlowNameModal } from '../../../features/flows/components/flow-name-modal';
import { FlowsTable } from '../../../features/flows/components/flows-table';
import { FLOW_TOAST_MS } from '../../../features/flows/lib/flow-name';
import { useFlows } from '../../../lib/get-flows';
import '../../../lib/i18n/locales/flows';
import { toast } from '../../../lib/toast';
import '../../../styles/flows.css';

type NameDialog = { open: false } | { open: true; flow?: FlowView };

/** /flowbuilders (spec 3 "Flow manager list"; admins, plans with the flow builder): the flows, 10 per page, with the row menu and the add-flow modal. */
export default function FlowBuildersRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flows = useFlows();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<NameDialog>({ open: false });
  const [toDelete, setToDelete] = useState<FlowView>();
  const del = useDeleteFlow({ onSuccess: () => (toast.success(t('flows.list.deleted'), FLOW_TOAST_MS), setToDelete(undefined)) });
  const duplicate = useDuplicateFlow({ onSuccess: () => toast.success(t('flows.list.duplicated'), FLOW_TOAST_MS) });
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (flows.data ?? []).filter((f) => !q || f.name.toLowerCase().includes(q));
  }, [flows.data, search]);

  return (
    <ContentLayout
      title={t('flows.list.title')}
      actions={
        <>
          <Link className="amplify-button amplify-button--small flows-triggers-link" to={paths.app.flowcampaigns.getHref()}>
            <Zap size={16} aria-hidden /> {t('flows.list.triggers')}
          </Link>
          <SearchAddActions search={search} onSearch={(s) => (setSearch(s), setPage(1))} searchLabel={t('flows.list.search')} addLabel={t('flows.list.add')} onAdd={() => setDialog({ open: true })} />
        </>
      }
    >
      <div className="card">
        {flows.isPending || flows.isError ? (
          <LoadState query={flows} />
        ) : (
          <FlowsTable
            flows={shown}
            page={page}
            onPage={setPage}
            onRename={(f) => setDialog({ open: true, flow: f })}
            onOpen={(f) => navigate(paths.app.flowbuilder.getHref(f.id))}
            onDuplicate={(f) => duplicate.mutate(f.id)}
            onDelete={setToDelete}
          />
        )}
      </div>
      <FlowNameModal
        open={dialog.open}
        flow={dialog.open ? dialog.flow : undefined}
        onClose={() => setDialog({ open: false })}
        onSaved={(_f, created) => {
          toast.success(created ? t('flows.list.created') : t('flows.list.renamed'), FLOW_TOAST_MS);
          setDialog({ open: false });
        }}
      />
      <ConfirmDialog open={toDelete !== undefined} title={toDelete?.name ?? ''} confirmLabel={t('flows.list.remove')} danger busy={del.isPending} onClose={() => setToDelete(undefined)} onConfirm={() => toDelete && del.mutate(toDelete.id)}>
        {t('flows.list.deleteTitle')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
