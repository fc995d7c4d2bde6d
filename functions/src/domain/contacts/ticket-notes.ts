/**
 * Ticket notes (spec 1 §2 contact drawer, §5 "at least 2 characters"): written on a ticket the
 * caller may see, about that ticket's contact; deleted by their author or an admin; listed
 * newest first with the author's name.
 */
import type { NoteView } from '@conversa/shared/schemas/contacts';
import { isAdmin } from '@conversa/shared/roles';
import { nextId } from '../../adapters/db/counters';
import { batchGet } from '../../adapters/db/batch';
import { keys } from '../../adapters/db/keys';
import { deleteNote, getNote, insertNote, listNotes, type Note } from '../../adapters/db/notes';
import { getSettings } from '../../adapters/db/settings';
import { getTicket, type Ticket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { maySee } from '@conversa/shared/ticket-visibility';
import { findContact } from './manage-contacts';

type Auth = Pick<AuthContext, 'companyId' | 'userId' | 'user'>;

/** The ticket, when the caller may see it (404 when it is not the company's, 403 when hidden). */
async function visibleTicket(auth: Auth, ticketId: number): Promise<Ticket> {
  const t = await getTicket(auth.companyId, ticketId);
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  const viewer = { userId: auth.userId, profile: auth.user.profile, super: auth.user.super, queueIds: auth.user.queueIds };
  if (!maySee(viewer, t, await getSettings(auth.companyId))) throw new AppError('ERR_NO_PERMISSION');
  return t;
}

async function views(companyId: number, notes: Note[]): Promise<NoteView[]> {
  const users = await batchGet([...new Set(notes.map((n) => n.userId))].map((id) => keys.user(companyId, id)));
  const names = new Map([...users.values()].map((u) => [Number(u.id), String(u.name)]));
  return notes.map((n) => ({ id: n.id, note: n.note, ticketId: n.ticketId, contactId: n.contactId, userId: n.userId, user: { id: n.userId, name: names.get(n.userId) ?? '' }, createdAt: n.createdAt }));
}

export async function addNote(auth: Auth, body: { note: string; ticketId: number; contactId: number }): Promise<NoteView> {
  const t = await visibleTicket(auth, body.ticketId);
  if (t.contactId !== body.contactId) throw new AppError('ERR_VALIDATION', [{ path: 'body.contactId', message: "Not the ticket's contact" }]);
  const note: Note = { id: await nextId(auth.companyId, 'note'), companyId: auth.companyId, note: body.note, ticketId: t.id, contactId: t.contactId, userId: auth.userId, createdAt: new Date().toISOString() };
  await insertNote(note);
  return (await views(auth.companyId, [note]))[0]!;
}

export async function removeNote(auth: Auth, id: number): Promise<void> {
  const n = await getNote(auth.companyId, id);
  if (!n) throw new AppError('ERR_NO_NOTE_FOUND');
  if (n.userId !== auth.userId && !isAdmin(auth.user)) throw new AppError('ERR_NO_PERMISSION');
  if (!(await deleteNote(n))) throw new AppError('ERR_NO_NOTE_FOUND');
}

/** GET /ticket-notes/list: a ticket's notes (its contact's, of that ticket); all of a contact's notes, across tickets, for admins. */
export async function notesOf(auth: Auth, q: { ticketId?: number; contactId?: number }): Promise<NoteView[]> {
  if (q.ticketId !== undefined) {
    const t = await visibleTicket(auth, q.ticketId);
    if (q.contactId !== undefined && q.contactId !== t.contactId) return [];
    return views(auth.companyId, await listNotes(auth.companyId, t.contactId, t.id));
  }
  if (q.contactId === undefined) throw new AppError('ERR_VALIDATION', [{ path: 'query.ticketId', message: 'Required' }]);
  if (!isAdmin(auth.user)) throw new AppError('ERR_NO_PERMISSION');
  const c = await findContact(auth, q.contactId);
  return views(auth.companyId, await listNotes(auth.companyId, c.id));
}
