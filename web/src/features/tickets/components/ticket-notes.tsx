import { useState, type FormEvent } from 'react';
import { Button, Loader, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { NoteView } from '@conversa/shared/schemas/contacts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTimeShort } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreateNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useNotes } from '../api/get-notes';

export const NOTE_MIN_CHARS = 2;

/** Ticket notes in the contact drawer: list (max height 200), add (2+ characters), delete with confirmation. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const notes = useNotes(ticketId, contactId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [toDelete, setToDelete] = useState<NoteView>();
  const create = useCreateNote({
    onSuccess: () => {
      setText('');
      toast.success(t('tickets.notes.added'));
    },
  });
  const del = useDeleteNote({
    onSuccess: () => {
      setToDelete(undefined);
      toast.success(t('tickets.notes.deleted'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const note = text.trim();
    if (note.length < NOTE_MIN_CHARS) return setError(note ? t('validation.tooShort') : t('validation.required'));
    setError(undefined);
    create.mutate({ note, ticketId, contactId });
  };

  return (
    <section className="t-drawer__section">
      <h3>{t('tickets.notes.title')}</h3>
      <form className="form t-notes__form" onSubmit={submit} noValidate>
        <TextAreaField label={t('tickets.notes.new')} labelHidden placeholder={t('tickets.notes.placeholder')} name="note" rows={2} value={text} onChange={(e) => setText(e.target.value)} hasError={Boolean(error)} errorMessage={error} />
        <Button type="submit" size="small" variation="primary" isLoading={create.isPending}>
          {t('common.save')}
        </Button>
      </form>
      {notes.isPending ? <Loader /> : null}
      <ul className="t-notes" aria-label={t('tickets.notes.title')}>
        {(notes.data ?? []).map((n) => (
          <li key={n.id} className="t-note">
            <p className="t-note__text">{n.note}</p>
            <div className="t-note__meta muted">
              <span>
                {n.user?.name} · {formatDateTimeShort(n.createdAt)}
              </span>
              <button type="button" className="icon-button icon-button--danger" aria-label={t('tickets.notes.delete')} onClick={() => setToDelete(n)}>
                <Trash2 size={14} aria-hidden />
              </button>
            </div>
          </li>
        ))}
        {notes.data && notes.data.length === 0 ? <li className="muted">{t('tickets.notes.empty')}</li> : null}
      </ul>
      <ConfirmDialog open={toDelete !== undefined} title={t('tickets.notes.deleteTitle')} confirmLabel={t('common.delete')} danger busy={del.isPending} onClose={() => setToDelete(undefined)} onConfirm={() => toDelete && del.mutate(toDelete)}>
        {t('tickets.notes.deleteConfirm')}
      </ConfirmDialog>
    </section>
  );
}
