import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_TOAST_MS, SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useCampaignAction } from '../../../features/campaigns/api/campaign-action';
import { useDeleteCampaign } from '../../../features/campaigns/api/delete-campaign';
import { useCampaigns } from '../../../features/campaigns/api/get-campaigns';
import { CampaignModal } from '../../../features/campaigns/components/campaign-modal';
import { CampaignsTable } from '../../../features/campaigns/components/campaigns-table';
import { useCampaignsRealtime } from '../../../features/campaigns/hooks/use-campaigns-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/campaigns';
import { toast } from '../../../lib/toast';
import '../../../styles/campaigns.css';

type Dialog = { open: false } | { open: true; campaign?: CampaignView };

/** /campaigns (spec 3 "Campaigns page"; admins, plan flag useCampaigns, cshow): the list, live, with its row actions and the dialog. */
export default function CampaignsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const campaigns = useCampaigns(debounced);
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [toDelete, setToDelete] = useState<CampaignView | undefined>();
  useCampaignsRealtime(me.companyId);
  const del = useDeleteCampaign({
    onSuccess: () => {
      toast.success(t('campaigns.deleted'));
      setToDelete(undefined);
    },
  });
  const action = useCampaignAction({
    onSuccess: (c, kind) => {
      if (kind === 'cancel') toast.success(t('campaigns.stopped'));
      else if (kind === 'restart') toast.success(t('campaigns.started', { name: c.name }), CAMPAIGN_TOAST_MS);
      else toast.success(t('campaigns.cloned', { name: c.name }));
    },
  });
  return (
    <ContentLayout
      title={t('campaigns.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('campaigns.search')} addLabel={t('campaigns.add')} onAdd={() => setDialog({ open: true })} />}
    >
      <div className="card card--fill">
        <CampaignsTable
          query={campaigns}
          busyId={action.isPending ? action.variables?.id : undefined}
          onEdit={(c) => setDialog({ open: true, campaign: c })}
          onDelete={setToDelete}
          onStop={(c) => action.mutate({ id: c.id, action: 'cancel' })}
          onRestart={(c) => action.mutate({ id: c.id, action: 'restart' })}
          onClone={(c) => action.mutate({ id: c.id, action: 'clone' })}
        />
      </div>
      <CampaignModal open={dialog.open} campaign={dialog.open ? dialog.campaign : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('campaigns.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('campaigns.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
