import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { PAGE_DENY_REDIRECT_MS, SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { AnnouncementView } from '@conversa/shared/schemas/announcements';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSearch } from '../../../components/ui/list-search';
import { useAnnouncements, useDeleteAnnouncement } from '../../../features/content/api/announcements';
import { AnnouncementModal } from '../../../features/content/components/announcement-modal';
import { AnnouncementsTable } from '../../../features/content/components/announcements-table';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDenyRedirect } from '../../../hooks/use-deny-redirect';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/content';
import { toast } from '../../../lib/toast';
import '../../../styles/content.css';

/** /announcements (spec 3 "Announcements page", §6): super users only; others get the error toast and go home after 1 s. */
export default function AnnouncementsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  useDenyRedirect(!me.super, t('content.companyDenied'), PAGE_DENY_REDIRECT_MS);
  if (!me.super) return null;
  return <AnnouncementsManager />;
}

function AnnouncementsManager() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAnnouncements(debounced);
  const [modal, setModal] = useState<{ open: boolean; announcement?: AnnouncementView }>({ open: false });
  const [toDelete, setToDelete] = useState<AnnouncementView | undefined>();
  const del = useDeleteAnnouncement({
    onSuccess: () => {
      toast.success(t('content.announcements.deleted'));
      setToDelete(undefined);
    },
  });
  return (
    <ContentLayout
      title={t('content.announcements.title')}
      fill
      actions={
        <>
          <ListSearch label={t('content.announcements.search')} value={search} onChange={setSearch} />
          <Button variation="primary" size="small" gap="0.4rem" onClick={() => setModal({ open: true })}>
            <Plus size={16} aria-hidden />
            {t('content.announcements.add')}
          </Button>
        </>
      }
    >
      <div className="card card--fill">
        <AnnouncementsTable query={list} onEdit={(a) => setModal({ open: true, announcement: a })} onDelete={setToDelete} />
      </div>
      <AnnouncementModal open={modal.open} announcement={modal.announcement} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('content.announcements.deleteTitle', { title: toDelete?.title ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('content.announcements.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
