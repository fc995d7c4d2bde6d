import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Loader, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Paperclip, X } from 'lucide-react';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { Modal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { FieldErrors } from '../../../lib/validation';
import { useSaveQuickMessage } from '../api/save-quick-message';
import { useUploadMedia } from '../api/upload-media';
import {
  buildQuickMessageBody,
  checkMedia,
  emptyQuickMessageForm,
  formFromQuickMessage,
  insertVariable,
  MEDIA_ACCEPT,
  MESSAGE_VARIABLES,
  type QuickMessageFormValues,
} from '../lib/quick-message-form';

type Props = {
  open: boolean;
  /** Undefined = add. */
  quickMessage?: QuickMessageView;
  /** Admins and supervisors may make a reply company-wide. */
  canSetGeral: boolean;
  onClose(): void;
};

/** Add / edit a quick reply (spec 3 §2 "Quick replies page", §5). */
export function QuickMessageModal({ open, quickMessage, canSetGeral, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<QuickMessageFormValues>(emptyQuickMessageForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const upload = useUploadMedia();
  const save = useSaveQuickMessage({
    onSuccess: () => {
      toast.success(t('quickMessages.saved'));
      onClose();
    },
  });

  useEffect(() => {
    if (!open) return;
    setErrors({});
    upload.reset();
    save.reset();
    setValues(quickMessage ? formFromQuickMessage(quickMessage) : emptyQuickMessageForm);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, quickMessage]);

  const shortcutTaken = isApiError(save.error) && save.error.code === 'ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS';
  const err = (f: keyof QuickMessageFormValues) =>
    f === 'shortcode' && shortcutTaken ? t('quickMessages.shortcutTaken') : errors[f] ? t(errors[f]) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildQuickMessageBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: quickMessage?.id, body: r.body });
  };

  const pickMedia = (file: File | undefined) => {
    if (!file) return;
    const check = checkMedia(file);
    if (check !== 'ok') return setErrors((e) => ({ ...e, media: `quickMessages.media.${check}` }));
    setErrors((e) => ({ ...e, media: undefined }));
    upload.mutate(file, { onSuccess: (media) => setValues((v) => ({ ...v, media })) });
  };

  const addVariable = (v: (typeof MESSAGE_VARIABLES)[number]) => {
    const el = messageRef.current;
    const start = el?.selectionStart ?? values.message.length;
    const end = el?.selectionEnd ?? values.message.length;
    const next = insertVariable(values.message, start, end, v);
    setValues((s) => ({ ...s, message: next.text }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const busy = save.isPending || upload.isPending;

  return (
    <Modal
      open={open}
      title={quickMessage ? t('quickMessages.editTitle') : t('quickMessages.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="quick-message-form" variation="primary" isLoading={save.isPending} isDisabled={upload.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form id="quick-message-form" className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('quickMessages.shortcode')}
          name="shortcode"
          autoComplete="off"
          innerStartComponent={<span className="qm-slash" aria-hidden>/</span>}
          descriptiveText={t('quickMessages.shortcodeHint')}
          value={values.shortcode}
          onChange={(e) => {
            setValues((v) => ({ ...v, shortcode: e.target.value.replace(/^\//, '') }));
            if (shortcutTaken) save.reset();
          }}
          hasError={Boolean(err('shortcode'))}
          errorMessage={err('shortcode')}
        />
        <TextAreaField
          ref={messageRef}
          label={t('quickMessages.message')}
          name="message"
          rows={5}
          value={values.message}
          isDisabled={values.media !== null}
          descriptiveText={values.media ? t('quickMessages.messageDisabled') : undefined}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          hasError={Boolean(errors.message)}
          errorMessage={err('message')}
        />
        <div className="qm-variables" role="group" aria-label={t('quickMessages.variables')}>
          <span className="qm-variables__label">{t('quickMessages.variables')}</span>
          {MESSAGE_VARIABLES.map((v) => (
            <button key={v} type="button" className="chip" disabled={values.media !== null} title={`{{${v}}}`} onClick={() => addVariable(v)}>
              {t(`quickMessages.vars.${v}`)}
            </button>
          ))}
        </div>
        <div className="qm-media">
          <input ref={fileInput} type="file" accept={MEDIA_ACCEPT} hidden data-testid="quick-message-media" onChange={(e) => { pickMedia(e.target.files?.[0]); e.target.value = ''; }} />
          {values.media ? (
            <span className="qm-media__file">
              <Paperclip size={16} aria-hidden />
              <span>{values.media.name}</span>
              <button type="button" className="icon-button icon-button--danger" aria-label={t('quickMessages.media.remove')} title={t('quickMessages.media.remove')} onClick={() => setValues((v) => ({ ...v, media: null }))}>
                <X size={16} aria-hidden />
              </button>
            </span>
          ) : (
            <Button size="small" gap="0.4rem" onClick={() => fileInput.current?.click()} isDisabled={busy}>
              {upload.isPending ? <Loader /> : <ImagePlus size={16} aria-hidden />}
              {t('quickMessages.media.attach')}
            </Button>
          )}
          {errors.media ? <p className="field-error" role="alert">{t(errors.media)}</p> : null}
        </div>
        <SwitchField
          label={t('quickMessages.geral')}
          name="geral"
          isChecked={values.geral}
          isDisabled={!canSetGeral}
          onChange={(e) => setValues((v) => ({ ...v, geral: e.target.checked }))}
        />
        {!canSetGeral ? <p className="muted qm-hint">{t('quickMessages.geralHint')}</p> : null}
      </form>
    </Modal>
  );
}
