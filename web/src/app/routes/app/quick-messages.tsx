import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useDeleteQuickMessage } from '../../../features/quick-messages/api/delete-quick-message';
import { QuickMessageModal } from '../../../features/quick-messages/components/quick-message-modal';
import { QuickMessagesList } from '../../../features/quick-messages/components/quick-messages-list';
import { managesAll } from '../../../features/quick-messages/lib/quick-message-form';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import '../../../styles/contacts.css';

/** /quick-messages (spec 3 §2 "Quick replies page", §6). */
export default function QuickMessagesRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ open: boolean; quickMessage?: QuickMessageView }>({ open: false });
  const [toDelete, setToDelete] = useState<QuickMessageView | undefined>();
  const del = useDeleteQuickMessage({
    onSuccess: () => {
      toast.success(t('quickMessages.deleted'));
      setToDelete(undefined);
    },
  });

  return (
    <ContentLayout
      title={t('quickMessages.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('quickMessages.search')} addLabel={t('quickMessages.add')} onAdd={() => setModal({ open: true })} />}
    >
      <div className="card card--fill">
        <QuickMessagesList search={search} onEdit={(q) => setModal({ open: true, quickMessage: q })} onDelete={setToDelete} />
      </div>
      <QuickMessageModal open={modal.open} quickMessage={modal.quickMessage} canSetGeral={managesAll(me)} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('quickMessages.deleteTitle', { shortcode: toDelete?.shortcode ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('quickMessages.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
