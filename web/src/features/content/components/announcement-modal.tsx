import { useEffect, useState, type FormEvent } from 'react';
import { Button, SelectField, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_ACCEPT, DEFAULT_ANNOUNCEMENT_PRIORITY, type AnnouncementView } from '@conversa/shared/schemas/announcements';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { attachmentType, useSaveAnnouncement, type AnnouncementInput } from '../api/announcements';

type Props = { open: boolean; announcement?: AnnouncementView; onClose(): void };

const blank = (): AnnouncementInput => ({ title: '', text: '', priority: DEFAULT_ANNOUNCEMENT_PRIORITY as 3, status: true });

/** Add or edit an announcement (spec 3 §3, §5, §9): title and text required, priority 1–3 (3), active, one attachment. */
export function AnnouncementModal({ open, announcement, onClose }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AnnouncementInput>(blank);
  const [file, setFile] = useState<File | undefined>();
  const [removeMedia, setRemoveMedia] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; text?: string }>({});
  useEffect(() => {
    if (!open) return;
    setForm(announcement ? { title: announcement.title, text: announcement.text, priority: announcement.priority, status: announcement.status } : blank());
    setFile(undefined);
    setRemoveMedia(false);
    setErrors({});
  }, [open, announcement]);
  const save = useSaveAnnouncement({
    onSuccess: () => {
      toast.success(t('content.announcements.saved'));
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!form.title.trim()) next.title = t('content.announcements.modal.required');
    if (!form.text.trim()) next.text = t('content.announcements.modal.required');
    setErrors(next);
    if (Object.keys(next).length) return;
    if (file && !attachmentType(file)) return void toast.error(t('content.announcements.modal.wrongType'));
    save.mutate({ id: announcement?.id, body: { ...form, title: form.title.trim(), text: form.text.trim() }, file, removeMedia });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(announcement ? 'content.announcements.modal.editTitle' : 'content.announcements.modal.addTitle')}
      footer={
        <>
          <Button onClick={onClose}>{t('content.announcements.modal.cancel')}</Button>
          <Button variation="primary" type="submit" form="announcement-form" isLoading={save.isPending}>
            {t('content.announcements.modal.save')}
          </Button>
        </>
      }
    >
      <form id="announcement-form" className="modal-form" onSubmit={submit} noValidate>
        <TextField label={t('content.announcements.modal.title')} value={form.title} maxLength={200} hasError={Boolean(errors.title)} errorMessage={errors.title} onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))} />
        <TextAreaField label={t('content.announcements.modal.text')} value={form.text} rows={4} maxLength={4000} hasError={Boolean(errors.text)} errorMessage={errors.text} onChange={(e) => setForm((f) => ({ ...f, text: e.target.value }))} />
        <SelectField label={t('content.announcements.modal.priority')} value={String(form.priority)} onChange={(e) => setForm((f) => ({ ...f, priority: Number(e.target.value) as 1 | 2 | 3 }))}>
          {(['1', '2', '3'] as const).map((p) => (
            <option key={p} value={p}>
              {t(`content.announcements.priority.${p}`)}
            </option>
          ))}
        </SelectField>
        <SwitchField label={t('content.announcements.modal.status')} isChecked={form.status} onChange={(e) => setForm((f) => ({ ...f, status: e.target.checked }))} />
        <label className="upload-form__file">
          <span>{t('content.announcements.modal.attachment')}</span>
          <input type="file" accept={ANNOUNCEMENT_ACCEPT} onChange={(e) => setFile(e.target.files?.[0])} />
        </label>
        {announcement?.mediaName && !file ? (
          <SwitchField label={`${t('content.announcements.modal.removeAttachment')}: ${announcement.mediaName}`} isChecked={removeMedia} onChange={(e) => setRemoveMedia(e.target.checked)} />
        ) : null}
      </form>
    </Modal>
  );
}
