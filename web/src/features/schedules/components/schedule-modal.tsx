import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Paperclip, X } from 'lucide-react';
import { SCHEDULE_MEDIA_ACCEPT, type ScheduleView } from '@conversa/shared/schemas/schedules';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useSaveSchedule, type MediaChange } from '../api/save-schedule';
import { buildScheduleBody, emptyScheduleForm, formFromSchedule, scheduleFileType, type ScheduleContact, type ScheduleFormErrors, type ScheduleFormValues } from '../lib/schedule-form';
import { ScheduleContactField } from './schedule-contact-field';

type Props = {
  open: boolean;
  /** Undefined = add. */
  schedule?: ScheduleView;
  /** The contact an add starts with (`?contactId=`, the ticket's "schedule" action). */
  contact?: ScheduleContact | null;
  onClose(): void;
};

/** Add / edit a scheduled message (spec 3 "Schedules page", §5): contact, body, send time, recurrence, attachment. */
export function ScheduleModal({ open, schedule, contact, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ScheduleFormValues>(() => emptyScheduleForm());
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [media, setMedia] = useState<MediaChange>();
  const [mediaError, setMediaError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setMedia(undefined);
    setMediaError(undefined);
    setValues(schedule ? formFromSchedule(schedule) : emptyScheduleForm(contact ?? null));
  }, [open, schedule, contact]);

  const save = useSaveSchedule({
    onSuccess: () => {
      toast.success(t('schedules.saved'));
      onClose();
    },
  });

  const set = <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const pick = (file: File | undefined) => {
    if (!file) return;
    const mimetype = scheduleFileType(file);
    if (!mimetype) return setMediaError('schedules.modal.wrongType');
    setMediaError(undefined);
    setMedia({ file, mimetype });
  };
  const shownMedia = media === 'remove' ? undefined : media ? media.file.name : (schedule?.mediaName ?? undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildScheduleBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: schedule?.id, body: r.body, media });
  };
  const err = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <Modal
      open={open}
      title={schedule ? t('schedules.modal.editTitle') : t('schedules.modal.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="schedule-form" variation="primary" isLoading={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form id="schedule-form" className="form" onSubmit={submit} noValidate>
        <ScheduleContactField value={values.contact} onChange={(c) => set('contact', c)} error={err(errors.contact)} />
        <TextAreaField label={t('schedules.modal.body')} name="body" rows={4} value={values.body} onChange={(e) => set('body', e.target.value)} hasError={Boolean(errors.body)} errorMessage={err(errors.body)} />
        <div className="schedule-form__row">
          <TextField
            label={t('schedules.modal.sendAt')}
            name="sendAt"
            type="datetime-local"
            step={1}
            value={values.sendAt}
            onChange={(e) => set('sendAt', e.target.value)}
            hasError={Boolean(errors.sendAt)}
            errorMessage={err(errors.sendAt)}
          />
          <TextField
            label={t('schedules.modal.daysR')}
            name="daysR"
            type="number"
            min={0}
            max={30}
            value={values.daysR}
            onChange={(e) => set('daysR', e.target.value)}
            hasError={Boolean(errors.daysR)}
            errorMessage={err(errors.daysR)}
            descriptiveText={t('schedules.modal.daysRHint')}
          />
        </div>
        <div className="schedule-form__media">
          <input ref={fileInput} type="file" accept={SCHEDULE_MEDIA_ACCEPT} hidden data-testid="schedule-media" onChange={(e) => { pick(e.target.files?.[0]); e.target.value = ''; }} />
          {shownMedia ? (
            <span className="schedule-form__file">
              <Paperclip size={16} aria-hidden />
              <span>{shownMedia}</span>
              <button type="button" className="icon-button icon-button--danger" aria-label={t('schedules.modal.removeMedia')} title={t('schedules.modal.removeMedia')} onClick={() => setMedia(schedule?.mediaName ? 'remove' : undefined)}>
                <X size={16} aria-hidden />
              </button>
            </span>
          ) : (
            <Button size="small" gap="0.4rem" onClick={() => fileInput.current?.click()}>
              <Paperclip size={16} aria-hidden />
              {t('schedules.modal.attach')}
            </Button>
          )}
          <span className="muted schedule-form__hint">{t('schedules.modal.mediaHint')}</span>
          {mediaError ? <p className="field-error" role="alert">{t(mediaError)}</p> : null}
        </div>
      </form>
    </Modal>
  );
}
