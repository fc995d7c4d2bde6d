/**
 * Contact lists (spec 3 "Contact lists page", §3 ContactList, §5, §7 "Contact lists"): the list,
 * one, create, rename, delete. Deleting a list hides it at once; its items go with it, inline
 * when few, the rest by the contacts-import queue's worker (purge-list.ts).
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { ContactListsPage, ContactListView } from '@conversa/shared/schemas/contact-lists';
import { deleteListItself, getList, listKey, listPage, listsPartition, purgeListPartition, putList, renameList, type ContactList } from '../../adapters/db/contact-lists';
import { fold } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { decodeCursor } from '../../adapters/db/keys';
import { pageOf } from '../../adapters/db/paging';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';

type Auth = Pick<AuthContext, 'companyId'>;

/** Items deleted by the DELETE request itself; a bigger list's rest goes to the background. */
export const PURGE_INLINE = 500;

export const toListView = (l: ContactList): ContactListView => ({ id: l.id, name: l.name, contactsCount: l.contactsCount ?? 0, createdAt: l.createdAt, updatedAt: l.updatedAt });

export const announceList = (l: ContactList, created: boolean): Promise<void> =>
  emit({ type: 'contactList.saved', companyId: l.companyId, contactListId: l.id, created }, { view: toListView(l) });

export async function loadList(cid: number, id: number): Promise<ContactList> {
  const l = await getList(cid, id);
  if (!l) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  return l;
}

/**
 * GET /contact-lists: newest first, 20 a page by an opaque cursor (or pageNumber); `searchParam`
 * matches the name (case and accents aside) within the query's pages, at most 10 a request.
 */
export async function listContactLists(auth: Auth, q: { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<ContactListsPage> {
  const cid = auth.companyId;
  const limit = q.limit ?? PAGE_SIZE;
  const search = fold(q.searchParam ?? '').trim() || undefined;
  const page = await pageOf((after, n) => listPage(cid, { after, limit: n, search }), {
    after: decodeCursor(q.cursor, listsPartition(cid)), pageNumber: q.pageNumber, limit, filtered: Boolean(search), keyOf: (l) => listKey(cid, l.id),
  });
  return { records: page.rows.map(toListView), hasMore: page.hasMore, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** GET /contact-lists/list: every list of the company (id and name), for the campaign dialog. */
export async function allContactLists(auth: Auth): Promise<ContactListView[]> {
  const out: ContactListView[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await listPage(auth.companyId, { after, limit: 500 });
    out.push(...page.items.map(toListView));
    after = page.last;
  } while (after);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const findContactList = async (auth: Auth, id: number): Promise<ContactListView> => toListView(await loadList(auth.companyId, id));

export async function createContactList(auth: Auth, body: { name: string }): Promise<ContactListView> {
  const now = new Date().toISOString();
  const l: ContactList = { id: await nextId(auth.companyId, 'contactList'), companyId: auth.companyId, name: body.name, contactsCount: 0, searchText: fold(body.name), createdAt: now, updatedAt: now };
  await putList(l);
  await announceList(l, true);
  return toListView(l);
}

export async function updateContactList(auth: Auth, id: number, body: { name: string }): Promise<ContactListView> {
  const l = await renameList(auth.companyId, id, body.name, fold(body.name));
  if (!l) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  await announceList(l, false);
  return toListView(l);
}

/** DELETE /contact-lists/{id}: the list goes at once; its items inline up to PURGE_INLINE, the rest in the background. */
export async function deleteContactList(auth: Auth, id: number): Promise<void> {
  const cid = auth.companyId;
  if (!(await deleteListItself(cid, id))) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  await emit({ type: 'contactList.deleted', companyId: cid, contactListId: id }, {});
  if (!(await purgeListPartition(cid, id, PURGE_INLINE))) await enqueue(QUEUE.contactsImport, { companyId: cid, purgeListId: id });
}

/** The background part of a list's deletion: as much as the time allows, then queued again. */
export async function purgeDeletedList(cid: number, listId: number, timeLeft: () => number): Promise<void> {
  if (await getList(cid, listId)) return; // not deleted (a stale message)
  while (timeLeft() > 8_000) if (await purgeListPartition(cid, listId, 5_000)) return;
  await enqueue(QUEUE.contactsImport, { companyId: cid, purgeListId: listId });
}
