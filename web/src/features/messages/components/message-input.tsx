import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Mic, Paperclip, SendHorizontal, Smile, Square, Trash2, X } from 'lucide-react';
import { INPUT_MAX_ROWS, UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import type { MessageView } from '@conversa/shared/schemas/messages';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSendMessage } from '../api/send-message';
import { uploadMedia, type UploadedMedia } from '../api/upload-media';
import { useAudioRecorder } from '../hooks/use-audio-recorder';
import { usePresence } from '../hooks/use-presence';
import { useQuickReplies } from '../hooks/use-quick-replies';
import { compressImage, isCompressible } from '../lib/compress-image';
import { baseMime, mimeFor } from '../lib/mime';
import { matchQuickReplies, quickReplyQuery } from '../lib/quick-replies';
import { audioFileName, keepRecording } from '../lib/recording';
import { MessageText } from './message-text';
import { QuickReplyList } from './quick-reply-list';

type Props = {
  ticket: TicketView;
  replyTo: MessageView | null;
  onCancelReply(): void;
  file: File | null;
  onFile(file: File | null): void;
};

const MB = 1024 * 1024;
const EmojiPicker = lazy(() => import('../../../components/emoji/emoji-picker'));

/**
 * The message input (spec 1 §2 "Input", §4 "Input states"): up to 5 rows, Enter sends and
 * Shift+Enter breaks the line; disabled while sending, recording, or unless the ticket is open.
 */
export function MessageInput({ ticket, replyTo, onCancelReply, file, onFile }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [media, setMedia] = useState<UploadedMedia | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const [quickClosed, setQuickClosed] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listId = useId();
  const recorder = useAudioRecorder();
  const presence = usePresence(ticket.id, recorder.recording);
  const send = useSendMessage();

  const closed = ticket.status !== 'open';
  const disabled = closed || busy || recorder.recording;

  const query = quickReplyQuery(text);
  const quick = useQuickReplies(query !== undefined && !closed);
  const suggestions = useMemo(() => (query !== undefined && quick.data ? matchQuickReplies(quick.data, query) : []), [query, quick.data]);
  const showQuick = query !== undefined && !quickClosed && quick.isSuccess;

  useEffect(() => setActive(0), [query]);
  useEffect(() => setQuickClosed(false), [text]);
  // A new ticket starts with an empty input.
  useEffect(() => {
    setText('');
    setMedia(null);
  }, [ticket.id]);
  useEffect(() => {
    if (replyTo || file) area.current?.focus();
  }, [replyTo, file]);

  // Grow with the text up to INPUT_MAX_ROWS lines, then scroll.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
    const pad = el.offsetHeight - el.clientHeight + parseFloat(getComputedStyle(el).paddingTop) + parseFloat(getComputedStyle(el).paddingBottom);
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, line * INPUT_MAX_ROWS + pad)}px`;
  }, [text]);

  async function prepare(f: File): Promise<File | null> {
    if (!isCompressible(f.type)) return f;
    try {
      return await compressImage(f);
    } catch {
      toast.error(t('chat.input.compressFailed'));
      return null;
    }
  }

  async function submit(body: string, attached: File | null, ready: UploadedMedia | null) {
    if (busy || closed) return;
    if (!body && !attached && !ready) return;
    setBusy(true);
    let uploading = false;
    try {
      let ref = ready;
      if (attached) {
        const f = await prepare(attached);
        if (!f) return;
        if (f.size > UPLOAD_LIMIT_BYTES) {
          toast.error(t('chat.input.tooLarge', { name: f.name }));
          return;
        }
        setProgress(0);
        uploading = true;
        const up = await uploadMedia(f, setProgress);
        ref = { ...up, mimetype: baseMime(up.mimetype) };
        uploading = false;
      }
      await send.mutateAsync({ ticketId: ticket.id, body: { body, media: ref ?? undefined, quotedMsgId: replyTo?.id, isForwarded: false } });
      // Clear only what this send carried: a file attached while it was in flight stays.
      setText('');
      if (ready) setMedia(null);
      if (attached) onFile(null);
      onCancelReply();
    } catch (err) {
      // Send failures are toasted by the shared handler; upload failures here.
      if (uploading) toast.error(errorMessage(err, currentLang(), t('chat.input.sendFailed')));
    } finally {
      setBusy(false);
      setProgress(null);
      requestAnimationFrame(() => area.current?.focus());
    }
  }

  const pick = (q: QuickMessageView) => {
    setText(q.message);
    if (q.mediaKey) {
      const filename = q.mediaName ?? q.mediaKey.split('/').pop() ?? 'arquivo';
      setMedia({ key: q.mediaKey, filename, mimetype: q.mimetype ?? mimeFor(q.mediaType, filename) });
    }
    setQuickClosed(true);
    area.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showQuick && suggestions.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const d = e.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => (a + d + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(suggestions[active]!);
        return;
      }
    }
    if (e.key === 'Escape' && showQuick) {
      setQuickClosed(true);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit(text.trim(), file, media);
    }
  };

  async function startRecording() {
    try {
      await recorder.start();
    } catch {
      toast.error(t('chat.input.recordingFailed'));
    }
  }

  async function stopRecording() {
    const r = await recorder.stop();
    if (!r) return;
    if (!keepRecording(r.blob.size)) {
      toast.info(t('chat.input.recordingShort'));
      return;
    }
    const mime = baseMime(r.mime);
    await submit('', new File([r.blob], audioFileName(mime), { type: mime }), null);
  }

  /** An emoji where the caret is (or in place of the selection), the caret after it. */
  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`.slice(0, 4096);
    setText(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const placeholder = recorder.recording
    ? t('chat.input.placeholderRecording')
    : ticket.status === 'closed'
      ? t('chat.input.placeholderClosed')
      : ticket.status === 'pending'
        ? t('chat.input.placeholderPending')
        : t('chat.input.placeholder');
  const attachment = file ?? (media ? { name: media.filename, size: undefined } : null);
  const canSend = !disabled && (text.trim().length > 0 || attachment !== null);

  return (
    <div className={`chat-input${closed ? ' chat-input--disabled' : ''}`}>
      {replyTo ? (
        <div className="chat-input__reply">
          <div className="chat-input__reply-box">
            <span className="chat-quoted__who">{t('chat.input.replyingTo', { name: replyTo.fromMe ? t('chat.message.you') : (replyTo.participant?.name ?? ticket.contact?.name ?? '') })}</span>
            <MessageText text={replyTo.body || replyTo.filename || ''} className="chat-quoted__body" />
          </div>
          <button type="button" className="icon-button" onClick={onCancelReply} aria-label={t('chat.input.cancelReply')}>
            <X size={18} aria-hidden />
          </button>
        </div>
      ) : null}
      {attachment ? (
        <div className="chat-input__file">
          <FileText size={20} aria-hidden />
          <span className="chat-input__file-name">{attachment.name}</span>
          <span className="chat-input__file-size muted">{attachment.size !== undefined ? `${(attachment.size / MB).toFixed(1)} MB · ` : ''}{t('chat.input.limit')}</span>
          {progress !== null ? (
            <span className="chat-input__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
              <span style={{ width: `${Math.round(progress * 100)}%` }} />
              <small>{t('chat.input.uploading', { percent: Math.round(progress * 100) })}</small>
            </span>
          ) : null}
          <button type="button" className="icon-button" disabled={busy} onClick={() => (onFile(null), setMedia(null))} aria-label={t('chat.input.removeFile')}>
            <Trash2 size={18} aria-hidden />
          </button>
        </div>
      ) : null}
      {showQuick ? <QuickReplyList id={listId} items={suggestions} active={active} onPick={pick} onHover={setActive} /> : null}
      <div className="chat-input__row">
        <input
          ref={fileInput}
          type="file"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            if (f.size > UPLOAD_LIMIT_BYTES) return void toast.error(t('chat.input.tooLarge', { name: f.name }));
            setMedia(null);
            onFile(f);
          }}
        />
        <button type="button" className="icon-button" disabled={disabled} onClick={() => fileInput.current?.click()} aria-label={t('chat.input.attach')} title={`${t('chat.input.attach')} · ${t('chat.input.limit')}`}>
          <Paperclip size={20} aria-hidden />
        </button>
        <span className="chat-input__emoji">
          <button type="button" className="icon-button" disabled={disabled} onClick={() => setEmojiOpen((o) => !o)} aria-label={t('chat.input.emoji')} title={t('chat.input.emoji')} aria-expanded={emojiOpen} data-testid="emoji-button">
            <Smile size={20} aria-hidden />
          </button>
          {emojiOpen && !disabled ? (
            <Suspense fallback={null}>
              <EmojiPicker onPick={insertEmoji} onClose={() => setEmojiOpen(false)} />
            </Suspense>
          ) : null}
        </span>
        <textarea
          ref={area}
          className="chat-input__text"
          rows={1}
          value={text}
          placeholder={attachment ? t('chat.input.caption') : placeholder}
          aria-label={attachment ? t('chat.input.caption') : placeholder}
          disabled={disabled}
          maxLength={4096}
          role={showQuick ? 'combobox' : undefined}
          aria-expanded={showQuick || undefined}
          aria-controls={showQuick ? listId : undefined}
          aria-activedescendant={showQuick && suggestions.length ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) presence.typed();
          }}
          onKeyDown={onKeyDown}
        />
        {recorder.recording ? (
          <>
            <button type="button" className="icon-button icon-button--danger" onClick={recorder.cancel} aria-label={t('chat.input.cancelRecording')}>
              <X size={20} aria-hidden />
            </button>
            <button type="button" className="chat-input__send chat-input__send--recording" onClick={() => void stopRecording()} aria-label={t('chat.input.stopRecording')}>
              <Square size={16} aria-hidden />
            </button>
          </>
        ) : canSend || attachment ? (
          <button type="button" className="chat-input__send" disabled={!canSend} onClick={() => void submit(text.trim(), file, media)} aria-label={t('chat.input.send')}>
            <SendHorizontal size={18} aria-hidden />
          </button>
        ) : (
          <button type="button" className="chat-input__send" disabled={disabled} onClick={() => void startRecording()} aria-label={t('chat.input.record')}>
            <Mic size={18} aria-hidden />
          </button>
        )}
      </div>
    </div>
  );
}
