import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoteView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { notesKey } from './get-notes';

/** DELETE /ticket-notes/{id} (after 'Deseja realmente excluir este registro?'). */
export const deleteNote = (note: NoteView): Promise<void> => api.delete<void>(`/ticket-notes/${note.id}`);

export function useDeleteNote(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_r, n) => {
      qc.setQueryData<NoteView[]>(notesKey(n.ticketId, n.contactId), (l) => l?.filter((x) => x.id !== n.id));
      options.onSuccess?.();
    },
  });
}
