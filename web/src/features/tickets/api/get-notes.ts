import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoteView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';

/** GET /ticket-notes/list?ticketId&contactId: the ticket's notes in the contact drawer. */
export const getNotes = (ticketId: number, contactId: number): Promise<NoteView[]> =>
  api.get<NoteView[]>('/ticket-notes/list', { query: { ticketId, contactId } });

export const notesKey = (ticketId: number, contactId: number) => ['ticket-notes', ticketId, contactId] as const;

export const getNotesQueryOptions = (ticketId: number, contactId: number) =>
  queryOptions({ queryKey: notesKey(ticketId, contactId), queryFn: () => getNotes(ticketId, contactId) });

export const useNotes = (ticketId: number, contactId: number) => useQuery(getNotesQueryOptions(ticketId, contactId));
