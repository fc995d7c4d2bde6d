/**
 * The contacts screen and the contact drawer (spec 1 §3, §5, §7; spec 2 "Contacts list"):
 * create, edit, block, delete, list. A number belongs to one contact per company: its identity
 * item (`C#<cid>#CID` / canonical number) is written in the contact's transaction, so two
 * creates of one number never make two contacts, and a Brazilian mobile with or without the
 * ninth digit is the same key.
 */
import type { ContactBody, ContactsPage, ContactView, UpdateContactBody } from '@conversa/shared/schemas/contacts';
import { isAdmin } from '@conversa/shared/roles';
import type { z } from 'zod';
import {
  contactIdByIdentity, contactsWithActiveTickets, countContacts, deleteContacts, getContact, insertContact, ownIdentities, putContact,
  queryContacts, updateContact, validStart, type Contact, type ContactChanges,
} from '../../adapters/db/contacts';
import { nextId } from '../../adapters/db/counters';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { contactCreated, contactsDeleted, contactUpdated } from './contact-events';
import { contactView } from './contact-view';
import { canonicalNumber, digitsOnly, identityKey } from './numbers';

type Auth = Pick<AuthContext, 'companyId' | 'userId' | 'user'>;
export type DuplicateCode = 'ERR_DUPLICATED_CONTACT' | 'ERR_DUPLICATED_CONTACT_NINTH';

/** Channels whose contacts are phone numbers (the others are chat or page ids). */
const PHONE_CHANNELS = new Set(['whatsapp', 'sandbox', 'wppoficial']);

/** The identity keys a contact may hold: its own and the alternatives learnt from the channel. */
export function identityKeysOf(c: Pick<Contact, 'channel' | 'number' | 'isGroup' | 'altIds'>): string[] {
  return [...new Set([identityKey(c.channel, c.number, c.isGroup), ...(c.isGroup ? [] : (c.altIds ?? []).map((a) => identityKey(c.channel, a, false)))])];
}

/** The same digits: a duplicate; the other ninth-digit spelling (same key, other digits): its own code. */
function duplicateCode(existing: Contact, digits: string): DuplicateCode {
  const theirs = digitsOnly(existing.number);
  if (/^\d+$/.test(existing.number) && theirs !== digits && canonicalNumber(theirs) === canonicalNumber(digits)) return 'ERR_DUPLICATED_CONTACT_NINTH';
  return 'ERR_DUPLICATED_CONTACT';
}

/** The contact holding the key; `orphan`: the key's id when its contact is missing (a cut creation, repaired by the caller). */
async function holderOf(companyId: number, key: string): Promise<{ contact?: Contact; orphan?: number }> {
  const id = await contactIdByIdentity(companyId, key);
  if (id === undefined) return {};
  const contact = await getContact(companyId, id, true);
  return contact ? { contact } : { orphan: id };
}

export type NewContact = Pick<Contact, 'name' | 'number' | 'email' | 'empresa' | 'disableBot' | 'acceptAudioMessage' | 'extraInfo'> & { importJobId?: string; importRow?: number };
export type Created = { contact: Contact; created: true } | { contact: Contact; created: false; code: DuplicateCode };

/**
 * Creates a phone contact unless its number (any ninth-digit spelling) is taken; then answers
 * the contact that holds it with the duplicate code. Safe under concurrency: the identity put is
 * conditional, and the loser reads the winner.
 */
export async function createPhoneContact(companyId: number, fields: NewContact): Promise<Created> {
  const digits = digitsOnly(fields.number);
  const key = canonicalNumber(digits);
  for (let attempt = 0; attempt < 3; attempt++) {
    const { contact: existing, orphan } = await holderOf(companyId, key);
    if (existing) return { contact: existing, created: false, code: duplicateCode(existing, digits) };
    const now = new Date().toISOString();
    const contact: Contact = {
      id: orphan ?? (await nextId(companyId, 'contact')),
      companyId,
      name: fields.name,
      number: digits,
      email: fields.email,
      empresa: fields.empresa ?? '',
      channel: 'whatsapp',
      isGroup: false,
      profilePicUrl: '',
      disableBot: fields.disableBot,
      acceptAudioMessage: fields.acceptAudioMessage,
      active: true,
      extraInfo: fields.extraInfo.map((e, i) => ({ id: String(i + 1), name: e.name, value: e.value })),
      altIds: [],
      ...(fields.importJobId ? { importJobId: fields.importJobId, importRow: fields.importRow } : {}),
      createdAt: now,
      updatedAt: now,
    };
    // A claim whose contact is missing is repaired by making this contact under its id.
    if (orphan !== undefined ? await putContact(contact) : await insertContact(contact, [key])) return { contact, created: true };
  }
  throw new AppError('ERR_CONFLICT');
}

/** POST /contacts. */
export async function createContact(auth: Auth, body: ContactBody): Promise<ContactView> {
  const out = await createPhoneContact(auth.companyId, body);
  if (!out.created) throw new AppError(out.code);
  await contactCreated(out.contact);
  return contactView(out.contact);
}

/** POST /contacts/by-number (the /n/{telefone} route): the contact of any spelling of the number, made when missing. */
export async function contactByNumber(auth: Auth, body: { number: string; name?: string }): Promise<{ contact: ContactView; created: boolean }> {
  const out = await createPhoneContact(auth.companyId, { name: body.name ?? body.number, number: body.number, email: '', empresa: '', disableBot: false, acceptAudioMessage: true, extraInfo: [] });
  if (out.created) await contactCreated(out.contact);
  return { contact: contactView(out.contact), created: out.created };
}

export async function findContact(auth: Auth, id: number): Promise<Contact> {
  const c = await getContact(auth.companyId, id, true);
  if (!c) throw new AppError('ERR_NO_CONTACT_FOUND');
  return c;
}

/** Applies changes to the contact as it is now; retried when another write came in between. */
async function change(auth: Auth, id: number, make: (c: Contact) => { changes: ContactChanges; move?: { from: string; to: string } }): Promise<Contact> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const prev = await findContact(auth, id);
    const { changes, move } = make(prev);
    const out = await updateContact(prev, changes, move);
    if (out === 'taken') {
      const { contact: holder } = await holderOf(auth.companyId, move!.to);
      if (holder) throw new AppError(duplicateCode(holder, digitsOnly(changes.number ?? '')));
      continue;
    }
    if (out) {
      await contactUpdated(out);
      return out;
    }
  }
  throw new AppError('ERR_CONFLICT');
}

/** PUT /contacts/{id}: the fields given; a new number moves the identity item in the same transaction. */
export async function editContact(auth: Auth, id: number, body: z.output<typeof UpdateContactBody>): Promise<ContactView> {
  const c = await change(auth, id, (prev) => {
    const { number, extraInfo, ...rest } = body;
    const changes: ContactChanges = { ...rest };
    if (extraInfo) changes.extraInfo = extraInfo.map((e, i) => ({ id: String(i + 1), name: e.name, value: e.value }));
    if (number === undefined || number === prev.number) return { changes };
    if (prev.isGroup) throw new AppError('ERR_CANNOT_EDIT_GROUPS');
    if (!PHONE_CHANNELS.has(prev.channel)) throw new AppError('ERR_VALIDATION', [{ path: 'body.number', message: 'This channel identifies the contact by its page id' }]);
    changes.number = number;
    return { changes, move: { from: identityKey(prev.channel, prev.number, false), to: canonicalNumber(number) } };
  });
  return contactView(c);
}

/** PUT /contacts/block/{id}: a blocked contact (`active: false`) is ignored by the inbound pipeline. */
export async function setActive(auth: Auth, id: number, active: boolean): Promise<ContactView> {
  return contactView(await change(auth, id, () => ({ changes: { active } })));
}

/** PUT /contacts/toggleAcceptAudio/{id}. */
export async function toggleAcceptAudio(auth: Auth, id: number): Promise<ContactView> {
  return contactView(await change(auth, id, (prev) => ({ changes: { acceptAudioMessage: !prev.acceptAudioMessage } })));
}

/**
 * DELETE /contacts/{id}: refused while the contact has an open or pending ticket (closing it is
 * the agent's decision, with its farewell and rating); closed tickets stay as history.
 */
export async function removeContact(auth: Auth, id: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const c = await findContact(auth, id);
    if ((await contactsWithActiveTickets(auth.companyId, id)).size) throw new AppError('ERR_CONTACT_HAS_OPEN_TICKETS');
    const identities = (await ownIdentities([{ c, keys: identityKeysOf(c) }])).get(c.id) ?? [];
    if (await deleteContacts(auth.companyId, [{ c, identities }])) {
      await recordAudit(auth, { action: 'contact.delete', target: c, before: c });
      await contactsDeleted(auth.companyId, [id]);
      return;
    }
  }
  throw new AppError('ERR_CONFLICT');
}

/** Contacts per delete transaction: each takes its item, up to a few identity items, and the counter. */
const DELETE_BATCH = 20;
/** A bulk delete stops after this long and says so; the admin runs it again for the rest. */
const DELETE_ALL_BUDGET_MS = 20_000;

/**
 * DELETE /contacts/all: every contact without an open or pending ticket, a few per transaction
 * (each batch counted in the same write). Answers how many went and whether some remain because
 * of the time budget (`hasMore`); contacts kept for their open tickets are `kept`.
 */
export async function removeAllContacts(auth: Auth): Promise<{ deleted: number; kept: number; hasMore: boolean }> {
  const started = Date.now();
  const finish = async (r: { deleted: number; kept: number; hasMore: boolean }) => (await recordAudit(auth, { action: 'contact.deleteAll', after: r }), r);
  const busy = await contactsWithActiveTickets(auth.companyId);
  let deleted = 0;
  let kept = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryContacts(auth.companyId, { order: 'date', limit: 200, start });
    start = page.next;
    const doomed = page.items.filter((c) => !busy.has(c.id));
    kept += page.items.length - doomed.length;
    for (let i = 0; i < doomed.length; i += DELETE_BATCH) {
      const batch = doomed.slice(i, i + DELETE_BATCH);
      const owned = await ownIdentities(batch.map((c) => ({ c, keys: identityKeysOf(c) })));
      const items = batch.map((c) => ({ c, identities: owned.get(c.id) ?? [] }));
      let done: Contact[] = batch;
      if (!(await deleteContacts(auth.companyId, items))) {
        // One of them changed meanwhile: the others go one by one, the changed one stays.
        done = [];
        for (const it of items) if (await deleteContacts(auth.companyId, [it])) done.push(it.c);
      }
      deleted += done.length;
      await contactsDeleted(auth.companyId, done.map((c) => c.id));
    }
    if (Date.now() - started > DELETE_ALL_BUDGET_MS) return finish({ deleted, kept, hasMore: Boolean(start) });
  } while (start);
  return finish({ deleted, kept, hasMore: false });
}

export type ListQuery = { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number; date?: string; dateStart?: string; dateEnd?: string };

function decodeStart(auth: Auth, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (typeof key !== 'object' || key === null || !validStart(auth.companyId, key as Record<string, unknown>)) {
    throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'Invalid cursor' }]);
  }
  return key as Record<string, unknown>;
}
const encode = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);

/**
 * GET /contacts: by name (GSI1), or by creation date when a date filter is given (GSI2, the
 * range a key condition); `searchParam` matches name, number or e-mail (lower case, accents
 * folded, substring). `count` is the company's total, from its counter.
 */
export async function listContacts(auth: Auth, q: ListQuery): Promise<ContactsPage> {
  const limit = q.limit ?? 20;
  const from = q.date ?? q.dateStart;
  const to = q.date ?? q.dateEnd;
  const search = q.searchParam?.trim() || undefined;
  const start = decodeStart(auth, q.cursor);
  const byDate = Boolean(from || to);
  if (start && (byDate ? !('GSI2PK' in start) : !('GSI1PK' in start))) throw new AppError('ERR_VALIDATION', [{ path: 'query.cursor', message: 'Invalid cursor' }]);
  const [page, count] = await Promise.all([
    queryContacts(auth.companyId, { order: byDate ? 'date' : 'name', search, from, to, limit, start, skip: start ? 0 : ((q.pageNumber ?? 1) - 1) * limit }),
    countContacts(auth.companyId),
  ]);
  const masked = !isAdmin(auth.user);
  return { contacts: page.items.map((c) => contactView(c, { masked })), hasMore: Boolean(page.next), cursor: encode(page.next), count };
}

/** Most contacts GET /contacts/list answers (a picker narrows with `searchParam`). */
export const PICKER_MAX = 1_000;

/** GET /contacts/list: id, name and number in name order, for pickers. */
export async function listContactNames(auth: Auth, q: { searchParam?: string }): Promise<{ id: number; name: string; number: string }[]> {
  const page = await queryContacts(auth.companyId, { order: 'name', search: q.searchParam?.trim() || undefined, limit: PICKER_MAX, projection: true });
  const masked = !isAdmin(auth.user);
  return page.items.map((c) => {
    const v = contactView({ ...c, email: '', extraInfo: [] } as Contact, { masked });
    return { id: v.id, name: v.name, number: v.number };
  });
}
