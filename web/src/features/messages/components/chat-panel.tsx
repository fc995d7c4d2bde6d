import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import type { MessageView } from '@conversa/shared/schemas/messages';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUser } from '../../../lib/auth';
import { dismissToast, toast } from '../../../lib/toast';
import { useDeleteMessage } from '../api/delete-message';
import { useReactToMessage } from '../api/react-to-message';
import { useTranscribeMessage } from '../api/transcribe-message';
import { useMessagesRealtime } from '../hooks/use-messages-realtime';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { EditMessageModal } from './edit-message-modal';
import { ForwardModal } from './forward-modal';
import { MessageInput } from './message-input';
import { MessageList } from './message-list';
import type { MessageAction } from './message-menu';
import { ReplyWindowNotice } from './reply-window-notice';
import '../../../styles/chat.css';

type Props = { ticket: TicketView; readOnly?: boolean };

/**
 * The chat of one ticket (spec 1 §2 "Messages panel", "Input", "Message rendering"): the
 * message list, and — unless read-only (the admin's spy dialog) — the menu actions, the
 * drag-and-drop overlay and the input.
 */
export function ChatPanel({ ticket, readOnly = false }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  useMessagesRealtime(me.companyId, ticket.id);
  useReadReceipts(ticket, !readOnly);
  const [replyTo, setReplyTo] = useState<MessageView | null>(null);
  const [editing, setEditing] = useState<MessageView | null>(null);
  const [forwarding, setForwarding] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);

  // Said by the session (company.features), so an agent never asks for the secret setting itself.
  const canTranscribe = !readOnly && me.company.features.transcription;
  const { mutate: transcribe } = useTranscribeMessage();
  const del = useDeleteMessage({
    onSuccess: () => {
      toast.success(t('chat.delete.done'));
      setDeleting(null);
    },
  });

  // Another ticket: nothing pending carries over.
  useEffect(() => {
    setReplyTo(null);
    setFile(null);
  }, [ticket.id]);

  const { mutate: react } = useReactToMessage();
  const onAction = useCallback(
    (action: MessageAction, m: MessageView, emoji?: string) => {
      if (action === 'react') react({ message: m, emoji: emoji ?? '' });
      else if (action === 'reply') setReplyTo(m);
      else if (action === 'edit') setEditing(m);
      else if (action === 'forward') setForwarding(m);
      else if (action === 'delete') setDeleting(m);
      else if (action === 'transcribe') {
        // The notice stays until the answer is in (the transcription then shows on the message).
        const notice = toast.info(t('chat.menu.transcribing'), 0);
        transcribe(m, { onSettled: () => dismissToast(notice) });
      }
    },
    [t, transcribe, react],
  );

  const acceptsFiles = !readOnly && ticket.status === 'open';
  const hasFiles = (e: DragEvent) => acceptsFiles && Array.from(e.dataTransfer.types).includes('Files');
  const dragProps = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => hasFiles(e) && e.preventDefault(),
    onDragLeave: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      const f = e.dataTransfer.files[0];
      if (f) setFile(f);
    },
  };

  return (
    <section className={`chat-panel${readOnly ? ' chat-panel--readonly' : ''}`} aria-label={t('chat.panel.label')} {...(readOnly ? {} : dragProps)}>
      <ReplyWindowNotice ticket={ticket} />
      <MessageList key={ticket.id} ticket={ticket} readOnly={readOnly} canTranscribe={canTranscribe} onAction={onAction} />
      {readOnly ? null : <MessageInput ticket={ticket} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} file={file} onFile={setFile} />}
      {dragging ? (
        <div className="chat-drop" aria-hidden>
          <Upload size={36} />
          <span>{t('chat.input.dropHere')}</span>
        </div>
      ) : null}
      {readOnly ? null : (
        <>
          <EditMessageModal message={editing} onClose={() => setEditing(null)} />
          <ForwardModal message={forwarding} onClose={() => setForwarding(null)} />
          <ConfirmDialog
            open={deleting !== null}
            title={t('chat.delete.title')}
            confirmLabel={t('chat.delete.confirm')}
            danger
            busy={del.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() => deleting && del.mutate(deleting)}
          >
            {t('chat.delete.text')}
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
