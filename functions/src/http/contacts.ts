import { z } from 'zod';
import { IdParam, SearchPageQuery } from '@conversa/shared/schemas/common';
import {
  BlockContactBody, ContactBody, ContactByNumberBody, ImportChatsBody, ImportContactsBody, ListContactsQuery, ListNotesQuery, NoteBody, UpdateContactBody,
} from '@conversa/shared/schemas/contacts';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { contactView } from '../domain/contacts/contact-view';
import { exportContacts } from '../domain/contacts/export-contacts';
import { startChatsImport } from '../domain/contacts/import-chats';
import { importProgress, progressView, startImport } from '../domain/contacts/import-contacts';
import {
  contactByNumber, createContact, editContact, findContact, listContactNames, listContacts, removeAllContacts, removeContact, setActive, toggleAcceptAudio,
} from '../domain/contacts/manage-contacts';
import { addNote, notesOf, removeNote } from '../domain/contacts/ticket-notes';

const JobParam = z.object({ jobId: z.string().uuid() });

export const handler = groupHandler('contacts', {
  'GET /contacts': endpoint({ query: ListContactsQuery }, async ({ auth, query }) => listContacts(auth, query)),
  'GET /contacts/list': endpoint({ query: SearchPageQuery }, async ({ auth, query }) => listContactNames(auth, query)),
  'GET /contacts/export': endpoint({}, async ({ auth }) =>
    reply({ text: await exportContacts(auth), headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="contacts.csv"' } }),
  ),
  'GET /contacts/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => contactView(await findContact(auth, params.id))),
  'POST /contacts': endpoint({ body: ContactBody }, async ({ auth, body }) => reply({ status: 201, body: await createContact(auth, body) })),
  'PUT /contacts/{id}': endpoint({ params: IdParam, body: UpdateContactBody }, async ({ auth, params, body }) => editContact(auth, params.id, body)),
  'DELETE /contacts/all': endpoint({}, async ({ auth }) => removeAllContacts(auth)),
  'DELETE /contacts/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeContact(auth, params.id);
    return reply({ status: 204 });
  }),
  'PUT /contacts/block/{id}': endpoint({ params: IdParam, body: BlockContactBody }, async ({ auth, params, body }) => setActive(auth, params.id, body.active)),
  'PUT /contacts/toggleAcceptAudio/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => toggleAcceptAudio(auth, params.id)),
  'POST /contacts/upload': endpoint({ body: ImportContactsBody }, async ({ auth, body }) => reply({ status: 202, body: await startImport(auth, body.key) })),
  'GET /contacts/upload/{jobId}': endpoint({ params: JobParam }, async ({ auth, params }) => importProgress(auth, params.jobId)),
  // The session lists the chats it knows; the job reports progress like a spreadsheet's.
  'POST /contacts/import/chats': endpoint({ body: ImportChatsBody }, async ({ auth, body }) => reply({ status: 202, body: progressView(await startChatsImport(auth, body.whatsappId)) })),
  'POST /contacts/by-number': endpoint({ body: ContactByNumberBody }, async ({ auth, body }) => {
    const out = await contactByNumber(auth, body);
    return reply({ status: out.created ? 201 : 200, body: out.contact });
  }),
  'POST /ticket-notes': endpoint({ body: NoteBody }, async ({ auth, body }) => reply({ status: 201, body: await addNote(auth, body) })),
  'DELETE /ticket-notes/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeNote(auth, params.id);
    return reply({ status: 204 });
  }),
  'GET /ticket-notes/list': endpoint({ query: ListNotesQuery }, async ({ auth, query }) => notesOf(auth, query)),
});
