/** A contact's domain events (domain/events/dispatch.ts), emitted by the use-cases after their write. */
import type { Contact } from '../../adapters/db/contacts';
import { emit } from '../events/dispatch';

export const contactCreated = (c: Contact): Promise<void> => emit({ type: 'contact.created', companyId: c.companyId, contactId: c.id }, { contact: c });

export const contactUpdated = (c: Contact): Promise<void> => emit({ type: 'contact.updated', companyId: c.companyId, contactId: c.id }, { contact: c });

/** One event for the contacts one delete removed (none: no event). */
export async function contactsDeleted(companyId: number, ids: number[]): Promise<void> {
  if (ids.length) await emit({ type: 'contact.deleted', companyId, contactIds: ids }, {});
}
