/**
 * `company-{id}-contact` events (spec 1 §4, spec 2 §4): `create` and `update` carry the contact,
 * `delete` its id. Admins get the number whole, the others masked
 * like the lists they see.
 */
import { channel } from '@conversa/shared/realtime';
import type { RealtimePayload } from '@conversa/shared/realtime-payloads';
import type { Contact } from '../../adapters/db/contacts';
import { publish } from '../../adapters/realtime';
import { contactView } from './contact-view';

const notAdmin = { kind: 'where' as const, test: (c: { profile: string; super: boolean }) => !c.super && c.profile !== 'admin' };

export async function publishContact(c: Contact, action: 'create' | 'update' = 'update'): Promise<void> {
  const ch = channel.contact(c.companyId);
  await Promise.all([
    publish(c.companyId, ch, { action, contact: contactView(c) }, { kind: 'admins' }),
    publish(c.companyId, ch, { action, contact: contactView(c, { masked: true }) }, notAdmin),
  ]);
}

/** One event per deleted contact, or one listing every id of a bulk delete. */
export async function publishDeleted(companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const data: RealtimePayload<'contact'> = ids.length === 1 ? { action: 'delete', contactId: ids[0]! } : { action: 'delete', contactIds: ids };
  await publish(companyId, channel.contact(companyId), data);
}
