import { IdParam } from '@conversa/shared/schemas/common';
import {
  ContactListBody, ContactListItemBody, ContactListUploadBody, ListContactListItemsQuery, ListContactListsQuery, ListUploadParams, UpdateContactListItemBody,
} from '@conversa/shared/schemas/contact-lists';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { allContactLists, createContactList, deleteContactList, findContactList, listContactLists, updateContactList } from '../domain/contact-lists/manage-contact-lists';
import { createListItem, deleteListItem, findListItem, listItems, updateListItem } from '../domain/contact-lists/manage-list-items';
import { listImportProgress } from '../domain/contact-lists/import-list';
import { startImport } from '../domain/contacts/import-contacts';

export const handler = groupHandler('lists', {
  'GET /contact-lists': endpoint({ query: ListContactListsQuery }, async ({ auth, query }) => listContactLists(auth, query)),
  'GET /contact-lists/list': endpoint({}, async ({ auth }) => allContactLists(auth)),
  'GET /contact-lists/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findContactList(auth, params.id)),
  'POST /contact-lists': endpoint({ body: ContactListBody }, async ({ auth, body }) => reply({ status: 201, body: await createContactList(auth, body) })),
  'PUT /contact-lists/{id}': endpoint({ params: IdParam, body: ContactListBody }, async ({ auth, params, body }) => updateContactList(auth, params.id, body)),
  'DELETE /contact-lists/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteContactList(auth, params.id);
    return reply({ status: 204 });
  }),
  // The list is the caller's; the file is checked and read as a contacts import's, its rows made the list's items.
  'POST /contact-lists/{id}/upload': endpoint({ params: IdParam, body: ContactListUploadBody }, async ({ auth, params, body }) => {
    await findContactList(auth, params.id);
    return reply({ status: 201, body: await startImport(auth, body.key, params.id) });
  }),
  'GET /contact-lists/{id}/upload/{jobId}': endpoint({ params: ListUploadParams }, async ({ auth, params }) => listImportProgress(auth, params.id, params.jobId)),
  'GET /contact-list-items': endpoint({ query: ListContactListItemsQuery }, async ({ auth, query }) => listItems(auth, query)),
  'GET /contact-list-items/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findListItem(auth, params.id)),
  'POST /contact-list-items': endpoint({ body: ContactListItemBody }, async ({ auth, body }) => reply({ status: 201, body: await createListItem(auth, body) })),
  'PUT /contact-list-items/{id}': endpoint({ params: IdParam, body: UpdateContactListItemBody }, async ({ auth, params, body }) => updateListItem(auth, params.id, body)),
  'DELETE /contact-list-items/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteListItem(auth, params.id);
    return reply({ status: 204 });
  }),
});
