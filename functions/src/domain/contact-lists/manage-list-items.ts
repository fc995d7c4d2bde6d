/**
 * A contact list's items (spec 3 "Contact list items page", §3 ContactListItem, §5, §7): the list
 * of one list, one, create, change, delete. The list named is the caller's company's; an item's
 * company and list come from the item itself, never from the body. A new number is unknown
 * (null) until a session answers whether it has an account (whatsapp-valid.ts): the check is
 * asked for after the write and never blocks it.
 */
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { ContactListItemBody, ContactListItemsPage, ContactListItemView, UpdateContactListItemBody } from '@conversa/shared/schemas/contact-lists';
import { findItem, getList, insertItem, itemKey, itemPage, itemsPartition, ListConflict, removeItem, replaceItem, type ContactListItem } from '../../adapters/db/contact-lists';
import { fold } from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { decodeCursor } from '../../adapters/db/keys';
import { pageOf } from '../../adapters/db/paging';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { emit } from '../events/dispatch';
import { announceList, loadList } from './manage-contact-lists';
import { toItemView } from './item-view';
import { requestNumberCheck } from './whatsapp-valid';

type Auth = Pick<AuthContext, 'companyId'>;

export { toItemView };

const searchTextOf = (i: Pick<ContactListItem, 'name' | 'number' | 'email' | 'empresa'>) => fold(`${i.name} ${i.number} ${i.email} ${i.empresa}`).slice(0, 400);

function conflict(err: unknown): never {
  if (err instanceof ListConflict) throw new AppError(err.reason === 'list' ? 'ERR_NO_CONTACT_LIST_FOUND' : err.reason === 'number' ? 'ERR_CONTACT_LIST_ITEM_DUPLICATED' : 'ERR_CONFLICT');
  throw err;
}

/** After an item's write: the item's event, and the list's (its count moved). */
async function announce(i: ContactListItem, created: boolean, countMoved: boolean): Promise<void> {
  await emit({ type: 'contactListItem.saved', companyId: i.companyId, contactListId: i.contactListId, itemId: i.id, created }, { view: toItemView(i) });
  if (countMoved) {
    const l = await getList(i.companyId, i.contactListId);
    if (l) await announceList(l, false);
  }
}

/** An item of the company whose list still stands. */
async function loadItem(cid: number, id: number): Promise<ContactListItem> {
  const i = await findItem(cid, id);
  if (!i || !(await getList(cid, i.contactListId))) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  return i;
}

/** `id`: one allocated beforehand (an import numbers its rows in file order). */
export type NewItem = { id?: number; name: string; number: string; email: string; empresa: string; importJobId?: string; importRow?: number };

/** A new item of a list (the dialog, or an import row); its number is unknown until checked. */
export async function addItem(cid: number, listId: number, input: NewItem, quiet = false): Promise<ContactListItem> {
  const now = new Date().toISOString();
  const i: ContactListItem = {
    id: input.id ?? (await nextId(cid, 'contactListItem')),
    companyId: cid,
    contactListId: listId,
    name: input.name,
    number: input.number,
    email: input.email,
    empresa: input.empresa,
    isWhatsappValid: null,
    searchText: searchTextOf(input),
    ...(input.importJobId ? { importJobId: input.importJobId, importRow: input.importRow } : {}),
    createdAt: now,
    updatedAt: now,
  };
  await insertItem(i).catch(conflict);
  if (!quiet) await announce(i, true, true);
  return i;
}

/**
 * GET /contact-list-items: a list's items in the order they came, 20 a page by cursor (or
 * pageNumber); `searchParam` matches name, number, e-mail and company within at most 10 pages.
 */
export async function listItems(auth: Auth, q: { contactListId: number; searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<ContactListItemsPage> {
  const cid = auth.companyId;
  await loadList(cid, q.contactListId);
  const limit = q.limit ?? PAGE_SIZE;
  const search = fold(q.searchParam ?? '').trim() || undefined;
  const page = await pageOf((after, n) => itemPage(cid, q.contactListId, { after, limit: n, search }), {
    after: decodeCursor(q.cursor, itemsPartition(cid, q.contactListId)), pageNumber: q.pageNumber, limit, filtered: Boolean(search), keyOf: (i) => itemKey(cid, q.contactListId, i.id),
  });
  return { contacts: page.rows.map(toItemView), hasMore: page.hasMore, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

export const findListItem = async (auth: Auth, id: number): Promise<ContactListItemView> => toItemView(await loadItem(auth.companyId, id));

/** POST /contact-list-items. */
export async function createListItem(auth: Auth, body: ContactListItemBody): Promise<ContactListItemView> {
  await loadList(auth.companyId, body.contactListId);
  const item = await addItem(auth.companyId, body.contactListId, body);
  await requestNumberCheck(auth.companyId, item.contactListId, item.id);
  return toItemView(item);
}

/** PUT /contact-list-items/{id}: the fields sent change; the item stays on its list. */
export async function updateListItem(auth: Auth, id: number, body: UpdateContactListItemBody): Promise<ContactListItemView> {
  const cid = auth.companyId;
  const before = await loadItem(cid, id);
  if (body.contactListId !== undefined && body.contactListId !== before.contactListId) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  const fields = { name: body.name ?? before.name, number: body.number ?? before.number, email: body.email ?? before.email, empresa: body.empresa ?? before.empresa };
  const numberChanged = fields.number !== before.number;
  const isWhatsappValid = numberChanged ? null : before.isWhatsappValid;
  const after: ContactListItem = { ...before, ...fields, isWhatsappValid, searchText: searchTextOf(fields), updatedAt: new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString() };
  await replaceItem(before, after).catch(conflict);
  await announce(after, false, false);
  if (numberChanged) await requestNumberCheck(cid, after.contactListId, after.id);
  return toItemView(after);
}

/** DELETE /contact-list-items/{id} (permission 'contacts-page:deleteContact', checked by the route). */
export async function deleteListItem(auth: Auth, id: number): Promise<void> {
  const cid = auth.companyId;
  const i = await loadItem(cid, id);
  await removeItem(i, true).catch(conflict);
  await emit({ type: 'contactListItem.deleted', companyId: cid, contactListId: i.contactListId, itemId: id }, {});
  const l = await getList(cid, i.contactListId);
  if (l) await announceList(l, false);
}
