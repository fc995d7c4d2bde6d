import type { InboundMessage } from '@conversa/shared/channels';
import { addIdentity, contactIdByIdentity, getContact, insertContact, type Contact } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { identityKey } from './numbers';

/**
 * Finds or creates the contact of an inbound chat (BEHAVIOUR.md step 3): one per company and
 * identity; alternative identities (WhatsApp LID ↔ phone) point at the same contact. `known`: the
 * primary identity's contact id (null: no such identity) and that contact, when the caller read them.
 */
export async function resolveContact(companyId: number, channel: string, m: InboundMessage, known: { primaryContactId?: number | null; contact?: Contact } = {}): Promise<Contact> {
  const primary = identityKey(channel, m.chatId, m.isGroup);
  const alternates = m.isGroup ? [] : m.altIds.map((id) => identityKey(channel, id, false));
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const key of [primary, ...alternates]) {
      // What the caller read already (inbound/prefetch.ts) stands in for the first turn's reads of the primary identity.
      const hinted = attempt === 0 && key === primary && known.primaryContactId !== undefined;
      const id = hinted ? (known.primaryContactId ?? undefined) : await contactIdByIdentity(companyId, key);
      if (id === undefined) continue;
      const found = hinted && known.contact?.id === id ? known.contact : await getContact(companyId, id);
      if (!found) continue;
      for (const other of [primary, ...alternates]) if (other !== key) await addIdentity(companyId, other, id);
      return found;
    }
    const now = new Date(m.timestamp).toISOString();
    const contact: Contact = {
      id: await nextId(companyId, 'contact'),
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
    // Two messages of a new contact at once: one insert wins, the other reads it on the next turn.
    if (await insertContact(contact, [primary, ...alternates])) return contact;
  }
  throw new Error(`contact for ${primary} could not be resolved`);
}
