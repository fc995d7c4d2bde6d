import type { ContactListItemView } from '@conversa/shared/schemas/contact-lists';
import type { ContactListItem } from '../../adapters/db/contact-lists';

/** A list item as the API and the live events show it. */
export const toItemView = (i: ContactListItem): ContactListItemView => ({
  id: i.id, name: i.name, number: i.number, email: i.email, empresa: i.empresa, isWhatsappValid: i.isWhatsappValid ?? null,
  companyId: i.companyId, contactListId: i.contactListId, createdAt: i.createdAt, updatedAt: i.updatedAt,
});
