import { useEffect, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_MEDIA_ACCEPT, type ScheduleView } from '@conversa/shared/schemas/schedules';
import { AttachmentField } from '../../../components/ui/attachment-field';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useAttachmentChange } from '../../../hooks/use-attachment-change';
import { useSaveSchedule } from '../api/save-schedule';
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
  const media = useAttachmentChange(schedule?.mediaName, scheduleFileType);
  const resetMedia = media.reset;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    resetMedia();
    setValues(schedule ? formFromSchedule(schedule) : emptyScheduleForm(contact ?? null));
  }, [open, schedule, contact, resetMedia]);

  const save = useSaveSchedule({
    onSuccess: () => {
      toast.success(t('schedules.saved'));
      onClose();
    },
  });

  const set = <K extends keyof ScheduleFormValues>(field: K, value: ScheduleFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildScheduleBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: schedule?.id, body: r.body, media: media.change });
  };
  const err = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <Modal
      open={open}
      title={schedule ? t('schedules.modal.editTitle') : t('schedules.modal.addTitle')}
      onClose={onClose}
      footer={
        <FormFooter formId="schedule-form" pending={save.isPending} onCancel={onClose} />
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
        <AttachmentField
          fileName={media.shown}
          accept={SCHEDULE_MEDIA_ACCEPT}
          onPick={media.pick}
          onRemove={media.remove}
          labels={{ attach: t('schedules.modal.attach'), remove: t('schedules.modal.removeMedia'), hint: t('schedules.modal.mediaHint') }}
          error={media.wrongType ? t('schedules.modal.wrongType') : undefined}
          testId="schedule-media"
        />
      </form>
    </Modal>
  );
}
