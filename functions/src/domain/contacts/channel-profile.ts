/**
 * Messenger and Instagram name a customer only by a page-scoped id: the first message (and any
 * later one while the stored name is still that id) asks the Graph API for their name and picture
 * with the connection's token. At most once a day per contact (`profileCheckedAt`, on the contact
 * item the pipeline reads anyway), with a short timeout; a failure keeps the id as the name and
 * never fails or holds up the message. A name an agent gave is never replaced.
 */
import { resolveSecretRef } from '../../adapters/channel-secrets';
import type { Connection } from '../../adapters/db/connections';
import { updateContact, type Contact } from '../../adapters/db/contacts';
import { fetchProfile, type GraphProfile } from '../../adapters/graph';
import { log } from '../../lib/log';
import { contactUpdated } from './contact-events';

export const PROFILE_RECHECK_MS = 24 * 3600_000;

const profileChannel = (c: Connection): 'facebook' | 'instagram' | undefined => (c.channel === 'facebook' || c.channel === 'instagram' ? c.channel : undefined);

/** Whether the contact still goes by its raw id and was not asked about lately. */
export function wantsProfile(connection: Connection, contact: Contact, now = Date.now()): boolean {
  if (!profileChannel(connection) || contact.isGroup) return false;
  if (contact.name && contact.name !== contact.number) return false;
  return !contact.profileCheckedAt || now - Date.parse(contact.profileCheckedAt) >= PROFILE_RECHECK_MS;
}

/** The contact with the channel's name and picture when it needed them; the contact as it was on any failure. */
export async function withChannelProfile(connection: Connection, contact: Contact): Promise<Contact> {
  const channel = profileChannel(connection);
  if (!channel || !wantsProfile(connection, contact)) return contact;
  let profile: GraphProfile = {};
  try {
    const token = await resolveSecretRef(connection.provider?.accessTokenRef);
    if (token) profile = await fetchProfile(channel, contact.number, token);
  } catch (err) {
    log.warn('inbound: channel profile not read, the id stays the name', { companyId: contact.companyId, contactId: contact.id, err: (err as Error).message });
  }
  try {
    const after = await updateContact(contact, { profileCheckedAt: new Date().toISOString(), ...(profile.name ? { name: profile.name } : {}), ...(profile.pictureUrl ? { profilePicUrl: profile.pictureUrl } : {}) });
    if (!after || after === 'taken') return contact; // changed meanwhile (an agent's edit wins)
    if (profile.name || profile.pictureUrl) await contactUpdated(after);
    return after;
  } catch (err) {
    log.warn('inbound: channel profile not stored', { companyId: contact.companyId, contactId: contact.id, err: (err as Error).message });
    return contact;
  }
}
