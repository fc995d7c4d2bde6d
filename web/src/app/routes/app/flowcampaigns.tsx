import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { FlowTriggerView } from '@conversa/shared/schemas/flows';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadState } from '../../../components/ui/load-state';
import { useDeleteFlowTrigger, useFlowTriggers } from '../../../features/flows/api/flow-triggers';
import { TriggerModal } from '../../../features/flows/components/trigger-modal';
import { TriggersTable } from '../../../features/flows/components/triggers-table';
import { FLOW_TOAST_MS } from '../../../features/flows/lib/flow-name';
import { useConnections } from '../../../lib/get-connections';
import { useFlows } from '../../../lib/get-flows';
import '../../../lib/i18n/locales/flows';
import { toast } from '../../../lib/toast';
import '../../../styles/flows.css';

type Dialog = { open: false } | { open: true; trigger?: FlowTriggerView };

/** /flowcampaigns: the phrase triggers (GET/POST/PUT/DELETE /flowcampaign), linked from the flow list. */
export default function FlowCampaignsRoute() {
  const { t } = useTranslation();
  const triggers = useFlowTriggers();
  const flows = useFlows();
  const connections = useConnections();
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [toDelete, setToDelete] = useState<FlowTriggerView>();
  const del = useDeleteFlowTrigger({ onSuccess: () => (toast.success(t('flows.triggers.deleted'), FLOW_TOAST_MS), setToDelete(undefined)) });
  return (
    <ContentLayout
      title={t('flows.triggers.title')}
      actions={
        <Button variation="primary" size="small" gap="0.4rem" onClick={() => setDialog({ open: true })}>
          <Plus size={16} aria-hidden /> {t('flows.triggers.add')}
        </Button>
      }
    >
      <div className="card">
        <p className="form-note flow-triggers__hint">{t('flows.triggers.hint')}</p>
        {triggers.isPending || triggers.isError ? <LoadState query={triggers} /> : <TriggersTable triggers={triggers.data} flows={flows.data ?? []} connections={connections.data ?? []} onEdit={(x) => setDialog({ open: true, trigger: x })} onDelete={setToDelete} />}
      </div>
      <TriggerModal open={dialog.open} trigger={dialog.open ? dialog.trigger : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog open={toDelete !== undefined} title={t('flows.triggers.deleteTitle', { name: toDelete?.name ?? '' })} confirmLabel={t('common.delete')} danger busy={del.isPending} onClose={() => setToDelete(undefined)} onConfirm={() => toDelete && del.mutate(toDelete.id)}>
        {t('flows.triggers.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
