import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactsPage, ContactView } from '@conversa/shared/schemas/contacts';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { contactDetailKey } from '../../../lib/get-contact';
import { contactsListKey } from '../../../lib/get-contacts';
import { matchesSearch, removeContact, upsertContact } from '../lib/contacts-cache';

/** `company-{id}-contact` (spec 1 §4, spec 2 §4): create / update / delete merge into every cached list. */
export function useContactsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.contact(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactsListKey });
    if (data.action === 'delete') {
      // One id, or every id of a bulk delete.
      const ids = 'contactIds' in data ? data.contactIds : [data.contactId];
      for (const id of ids) qc.removeQueries({ queryKey: contactDetailKey(id) });
      for (const [key, list] of lists) qc.setQueryData(key, ids.reduce(removeContact, list));
      return;
    }
    const contact = data.contact;
    qc.setQueryData(contactDetailKey(contact.id), (old: ContactView | undefined) => (old ? { ...old, ...contact } : old));
    for (const [key, list] of lists) {
      const search = (key[2] as { searchParam?: string } | undefined)?.searchParam ?? '';
      qc.setQueryData(key, upsertContact(list, contact, data.action === 'create' && matchesSearch(contact, search)));
    }
  });
}
