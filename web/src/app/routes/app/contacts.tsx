import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Download, Trash2, UserPlus } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import { can } from '@conversa/shared/roles';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSearch } from '../../../components/ui/list-search';
import { useBlockContact } from '../../../features/contacts/api/block-contact';
import { useDeleteAllContacts } from '../../../features/contacts/api/delete-all-contacts';
import { useDeleteContact } from '../../../features/contacts/api/delete-contact';
import { useExportContacts } from '../../../features/contacts/api/export-contacts';
import { useContacts } from '../../../lib/get-contacts';
import { ContactModal } from '../../../features/contacts/components/contact-modal';
import { ContactsTable } from '../../../features/contacts/components/contacts-table';
import { ChatsImportDialog } from '../../../features/contacts/components/chats-import-dialog';
import { ImportDialog } from '../../../features/contacts/components/import-dialog';
import { ImportMenu } from '../../../features/contacts/components/import-menu';
import { QueueDialog } from '../../../features/contacts/components/queue-dialog';
import { useContactChat } from '../../../features/contacts/hooks/use-contact-chat';
import { useContactsRealtime } from '../../../features/contacts/hooks/use-contacts-realtime';
import { contactsCount } from '../../../features/contacts/lib/contacts-cache';
import { saveBlob } from '../../../lib/download';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import '../../../styles/contacts.css';

/** /contacts (spec 1 §7, spec 2 "Contacts list"). */
export default function ContactsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const admin = can(me, 'contacts:import-export');
  const canDelete = can(me, 'contacts-page:deleteContact');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const contacts = useContacts(debounced);
  const [modal, setModal] = useState<{ open: boolean; contactId?: number }>({ open: false });
  const [toDelete, setToDelete] = useState<ContactView | undefined>();
  const [confirmAll, setConfirmAll] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importingChats, setImportingChats] = useState(false);
  const chat = useContactChat();
  useContactsRealtime(me.companyId);

  const del = useDeleteContact({
    onSuccess: () => {
      toast.success(t('contacts.deleted'));
      setToDelete(undefined);
    },
  });
  const delAll = useDeleteAllContacts({
    onSuccess: () => {
      toast.success(t('contacts.deletedAll'));
      setConfirmAll(false);
    },
  });
  const block = useBlockContact({ onSuccess: (c) => toast.success(c.active ? t('contacts.unblockedToast') : t('contacts.blockedToast')) });
  const exporter = useExportContacts({
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename);
      toast.success(t('contacts.exported'));
    },
  });

  return (
    <ContentLayout
      title={t('contacts.title', { count: contactsCount(contacts.data) })}
      fill
      actions={
        <>
          <ListSearch label={t('contacts.search')} placeholder={t('contacts.searchPlaceholder')} value={search} onChange={setSearch} />
          {admin ? <ImportMenu onFile={() => setImporting(true)} onChats={() => setImportingChats(true)} /> : null}
          <Button variation="primary" size="small" gap="0.4rem" onClick={() => setModal({ open: true })}>
            <UserPlus size={16} aria-hidden />
            {t('contacts.add')}
          </Button>
          {admin ? (
            <>
              <Button size="small" gap="0.4rem" isLoading={exporter.isPending} onClick={() => exporter.mutate()}>
                <Download size={16} aria-hidden />
                {t('contacts.export')}
              </Button>
              <Button size="small" gap="0.4rem" colorTheme="error" onClick={() => setConfirmAll(true)}>
                <Trash2 size={16} aria-hidden />
                {t('contacts.deleteAll')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <div className="card card--fill">
        <ContactsTable
          query={contacts}
          admin={admin}
          canDelete={canDelete}
          chatBusy={chat.busy}
          onChat={(c) => void chat.start(c)}
          onEdit={(c) => setModal({ open: true, contactId: c.id })}
          onDelete={setToDelete}
          onToggleBlock={(c) => block.mutate({ id: c.id, active: !c.active })}
        />
      </div>
      <ContactModal open={modal.open} contactId={modal.contactId} onClose={() => setModal({ open: false })} />
      {admin ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
      {admin ? <ChatsImportDialog open={importingChats} onClose={() => setImportingChats(false)} /> : null}
      <QueueDialog open={chat.queueFor !== undefined} contactName={chat.queueFor?.name ?? ''} queueIds={chat.queueIds} busy={chat.busy} onChoose={chat.chooseQueue} onClose={chat.cancelQueue} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('contacts.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('contacts.deleteMessage')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmAll}
        title={t('contacts.deleteAllTitle')}
        confirmLabel={t('contacts.deleteAll')}
        danger
        busy={delAll.isPending}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => delAll.mutate()}
      >
        {t('contacts.deleteAllMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
