import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { ContactListView } from '@conversa/shared/schemas/contact-lists';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useContactLists } from '../../../features/contact-lists/api/get-contact-lists';
import { useDeleteContactList } from '../../../features/contact-lists/api/delete-contact-list';
import { ContactListModal } from '../../../features/contact-lists/components/contact-list-modal';
import { ContactListsTable } from '../../../features/contact-lists/components/contact-lists-table';
import { useContactListsRealtime } from '../../../features/contact-lists/hooks/use-contact-lists-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/contactLists';
import { toast } from '../../../lib/toast';
import '../../../styles/contact-lists.css';

type Dialog = { open: false } | { open: true; list?: ContactListView };

/** /contact-lists (spec 3 "Contact lists page"; admins, plan flag useCampaigns, cshow). */
export default function ContactListsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const lists = useContactLists(debounced);
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [toDelete, setToDelete] = useState<ContactListView | undefined>();
  useContactListsRealtime(me.companyId);
  const del = useDeleteContactList({
    onSuccess: () => {
      toast.success(t('contactLists.deleted'));
      setToDelete(undefined);
    },
  });
  return (
    <ContentLayout
      title={t('contactLists.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('contactLists.search')} addLabel={t('contactLists.add')} onAdd={() => setDialog({ open: true })} />}
    >
      <div className="card card--fill">
        <ContactListsTable query={lists} onEdit={(l) => setDialog({ open: true, list: l })} onDelete={setToDelete} />
      </div>
      <ContactListModal open={dialog.open} list={dialog.open ? dialog.list : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('contactLists.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('contactLists.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
