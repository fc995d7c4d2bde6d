import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { contactListsKey } from '../api/get-contact-lists';
import { listItemsKey } from '../api/get-list-items';

/**
 * `company-{id}-ContactList` and `-ContactListItem` (spec 3 §7): a list created, renamed, counted
 * or deleted reads the lists again; an item of the open list (`contactListId`) reads its items again.
 */
export function useContactListsRealtime(companyId: number, contactListId?: number): void {
  const qc = useQueryClient();
  useChannel(channel.contactList(companyId), ({ data }) => {
    void qc.invalidateQueries({ queryKey: contactListsKey });
    if (contactListId !== undefined && data.action === 'update' && data.record.id === contactListId) void qc.invalidateQueries({ queryKey: listItemsKey(contactListId) });
  });
  useChannel(contactListId === undefined ? undefined : channel.contactListItem(companyId), ({ data }) => {
    if (data.contactListId === contactListId) void qc.invalidateQueries({ queryKey: listItemsKey(contactListId) });
  });
}
