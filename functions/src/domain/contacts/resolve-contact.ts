import type { InboundMessage } from '@conversa/shared/channels';
import { addIdentity, contactIdByIdentity, getContact, insertContact, putContact, type Contact } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { identityKey } from './numbers';

/**
 * Finds or creates the contact of an inbound chat (BEHAVIOUR.md step 3): one per company and
 * identity; alternative identities (WhatsApp LID ↔ phone) point at the same contact. `known`: the
 * primary identity's contact id (null: no such identity) and that contact, when the caller read them.
 * An identity whose contact is missing (a creation cut between its claim and the contact item,
 * adapters/db/contacts.ts insertContact) is repaired: the contact is created under that id, or the
 * key repointed when another of the chat's identities holds a contact.
 */
export async function resolveContact(companyId: number, channel: string, m: InboundMessage, known: { primaryContactId?: number | null; contact?: Contact } = {}): Promise<Contact> {
  const primary = identityKey(channel, m.chatId, m.isGroup);
  const alternates = m.isGroup ? [] : m.altIds.map((id) => identityKey(channel, id, false));
  for (let attempt = 0; attempt < 3; attempt++) {
    const orphans = new Map<string, number>();
    for (const key of [primary, ...alternates]) {
      // What the caller read already (inbound/prefetch.ts) stands in for the first turn's reads of the primary identity.
      const hinted = attempt === 0 && key === primary && known.primaryContactId !== undefined;
      const id = hinted ? (known.primaryContactId ?? undefined) : await contactIdByIdentity(companyId, key);
      if (id === undefined) continue;
      const found = (hinted && known.contact?.id === id ? known.contact : await getContact(companyId, id)) ?? (await getContact(companyId, id, true));
      if (!found) {
        orphans.set(key, id);
        continue;
      }
      for (const other of [primary, ...alternates]) if (other !== key) await addIdentity(companyId, other, id, orphans.get(other));
      return found;
    }
    const orphan = orphans.values().next().value;
    const now = new Date(m.timestamp).toISOString();
    const contact: Contact = {
      id: orphan ?? (await nextId(companyId, 'contact')),
      companyId,
      // A first message sent from the phone carries our own name, not the customer's.
      name: (m.fromMe && !m.isGroup ? '' : m.contactName) || m.chatId,
      number: m.chatId,
      email: '',
      channel,
      isGroup: m.isGroup,
      profilePicUrl: '',
      disableBot: false,
      acceptAudioMessage: true,
      active: true,
      extraInfo: [],
      altIds: m.altIds,
      createdAt: now,
      updatedAt: now,
    };
    if (orphan !== undefined) {
      // The repair: the contact its claim was made for (another writer may make it first: read it on the next turn).
      if (await putContact(contact)) {
        for (const key of [primary, ...alternates]) await addIdentity(companyId, key, orphan, orphans.get(key));
        return contact;
      }
      continue;
    }
    // Two messages of a new contact at once: one insert wins, the other reads it on the next turn.
    if (await insertContact(contact, [primary, ...alternates])) return contact;
  }
  throw new Error(`contact for ${primary} could not be resolved`);
}
