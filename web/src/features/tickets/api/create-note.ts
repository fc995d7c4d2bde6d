import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoteView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { notesKey } from './get-notes';

export type NewNote = { note: string; ticketId: number; contactId: number };

/** POST /ticket-notes (at least 2 characters). */
export const createNote = (body: NewNote): Promise<NoteView> => api.post<NoteView>('/ticket-notes', body);

export function useCreateNote(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (n, v) => {
      qc.setQueryData<NoteView[]>(notesKey(v.ticketId, v.contactId), (l) => (l ? [n, ...l.filter((x) => x.id !== n.id)] : l));
      void qc.invalidateQueries({ queryKey: notesKey(v.ticketId, v.contactId) });
      options.onSuccess?.();
    },
  });
}
