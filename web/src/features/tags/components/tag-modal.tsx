import { useEffect, useState, type FormEvent } from 'react';
import { SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_MEDIA_ACCEPT, scheduleMediaType } from '@conversa/shared/schemas/schedules';
import type { TagRecord } from '@conversa/shared/schemas/tags';
import { AttachmentField } from '../../../components/ui/attachment-field';
import { ColorField } from '../../../components/ui/color-field';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import type { TagKind } from '../api/get-tags-page';
import { useAttachmentChange } from '../../../hooks/use-attachment-change';
import { useSaveTag } from '../api/save-tag';
import { buildTagBody, emptyTagForm, formFromTag, type TagFormErrors, type TagFormValues } from '../lib/tag-form';

type Props = {
  open: boolean;
  kanban: TagKind;
  /** Undefined = add. */
  tag?: TagRecord;
  onClose(): void;
};

/** Add / edit a tag, or a lane with its campaign (spec 3 "Tags list": name and colour; 'Nova Lane'; §3 actCamp, msgR, rptDays, media). */
export function TagModal({ open, kanban, tag, onClose }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const [values, setValues] = useState<TagFormValues>(emptyTagForm);
  const [errors, setErrors] = useState<TagFormErrors>({});
  const media = useAttachmentChange(tag?.mediaName, scheduleMediaType);
  const resetMedia = media.reset;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    resetMedia();
    setValues(tag ? formFromTag(tag) : emptyTagForm());
  }, [open, tag, resetMedia]);

  const save = useSaveTag({
    onSuccess: () => {
      toast.success(t(kanban ? 'tags.savedLane' : 'tags.saved'));
      onClose();
    },
  });

  const set = <K extends keyof TagFormValues>(field: K, value: TagFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const err = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildTagBody(values, kanban, Boolean(media.shown));
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate(
      { id: tag?.id, body: r.body, userId: me.id, media: kanban ? media.change : undefined },
      { onError: (e2) => isApiError(e2) && e2.code === 'ERR_TAG_ALREADY_EXISTS' && setErrors({ name: 'tags.validation.taken' }) },
    );
  };

  const title = kanban ? (tag ? t('tags.modal.editLaneTitle') : t('tags.modal.addLaneTitle')) : tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle');
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <FormFooter formId="tag-form" pending={save.isPending} onCancel={onClose} />
      }
    >
      <form id="tag-form" className="form" onSubmit={submit} noValidate>
        <TextField label={t('tags.modal.name')} name="name" autoComplete="off" maxLength={50} value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err(errors.name)} />
        <ColorField
          value={values.color}
          error={err(errors.color)}
          onChange={(c) => set('color', c)}
          labels={{ field: t('tags.modal.color'), pick: t('tags.modal.colorPick'), swatches: t('tags.modal.swatches'), swatch: (color) => t('tags.modal.colorOf', { color }) }}
        />
        {kanban ? (
          <fieldset className="tag-form__campaign">
            <legend>{t('tags.modal.campaign')}</legend>
            <SwitchField label={t('tags.modal.actCamp')} name="actCamp" labelPosition="end" isChecked={values.actCamp} onChange={(e) => set('actCamp', e.target.checked)} />
            <TextAreaField
              label={t('tags.modal.msgR')}
              name="msgR"
              rows={3}
              maxLength={4096}
              value={values.msgR}
              onChange={(e) => set('msgR', e.target.value)}
              descriptiveText={t('tags.modal.msgRHint')}
              hasError={Boolean(errors.msgR)}
              errorMessage={err(errors.msgR)}
            />
            <TextField
              label={t('tags.modal.rptDays')}
              name="rptDays"
              type="number"
              min={0}
              max={30}
              value={values.rptDays}
              onChange={(e) => set('rptDays', e.target.value)}
              descriptiveText={t('tags.modal.rptDaysHint')}
              hasError={Boolean(errors.rptDays)}
              errorMessage={err(errors.rptDays)}
            />
            <AttachmentField
              fileName={media.shown}
              accept={SCHEDULE_MEDIA_ACCEPT}
              onPick={media.pick}
              onRemove={media.remove}
              labels={{ attach: t('tags.modal.attach'), remove: t('tags.modal.removeMedia'), hint: t('tags.modal.mediaHint') }}
              error={media.wrongType ? t('tags.modal.wrongType') : undefined}
              testId="tag-media"
            />
          </fieldset>
        ) : null}
      </form>
    </Modal>
  );
}
