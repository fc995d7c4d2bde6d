import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, Plus, Upload } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import { can } from '@conversa/shared/roles';
import type { ContactListItemView } from '@conversa/shared/schemas/contact-lists';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSearch } from '../../../components/ui/list-search';
import { paths } from '../../../config/paths';
import { useContactList } from '../../../features/contact-lists/api/get-contact-lists';
import { useListItems } from '../../../features/contact-lists/api/get-list-items';
import { useDeleteListItem } from '../../../features/contact-lists/api/delete-list-item';
import { ImportListDialog } from '../../../features/contact-lists/components/import-list-dialog';
import { ListItemModal } from '../../../features/contact-lists/components/list-item-modal';
import { ListItemsTable } from '../../../features/contact-lists/components/list-items-table';
import { useContactListsRealtime } from '../../../features/contact-lists/hooks/use-contact-lists-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/contactLists';
import { toast } from '../../../lib/toast';
import '../../../styles/contact-lists.css';

type Dialog = { open: false } | { open: true; item?: ContactListItemView };

/** /contact-lists/{contactListId}/contacts (spec 3 "Contact list items page"). */
export default function ContactListItemsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId) || 0;
  const list = useContactList(contactListId);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const items = useListItems(contactListId, debounced);
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [importing, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<ContactListItemView | undefined>();
  const canDelete = can(me, 'contacts-page:deleteContact');
  useContactListsRealtime(me.companyId, contactListId);
  const del = useDeleteListItem({
    onSuccess: () => {
      toast.success(t('contactLists.items.deleted'));
      setToDelete(undefined);
    },
  });
  return (
    <ContentLayout
      title={t('contactLists.items.title', { name: list.data?.name ?? '' })}
      fill
      actions={
        <>
          <Button size="small" gap="0.4rem" onClick={() => navigate(paths.app.contactLists.getHref())}>
            <ArrowLeft size={16} aria-hidden />
            {t('contactLists.items.back')}
          </Button>
          <ListSearch label={t('contactLists.search')} value={search} onChange={setSearch} />
          <Button size="small" gap="0.4rem" onClick={() => setImporting(true)}>
            <Upload size={16} aria-hidden />
            {t('contactLists.items.import')}
          </Button>
          <Button variation="primary" size="small" gap="0.4rem" onClick={() => setDialog({ open: true })}>
            <Plus size={16} aria-hidden />
            {t('contactLists.items.add')}
          </Button>
        </>
      }
    >
      <div className="card card--fill">
        <ListItemsTable query={items} onEdit={(i) => setDialog({ open: true, item: i })} onDelete={canDelete ? setToDelete : undefined} />
      </div>
      <ListItemModal open={dialog.open} contactListId={contactListId} item={dialog.open ? dialog.item : undefined} onClose={() => setDialog({ open: false })} />
      <ImportListDialog open={importing} contactListId={contactListId} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('contactLists.items.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate({ id: toDelete.id, contactListId })}
      >
        {t('contactLists.items.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
