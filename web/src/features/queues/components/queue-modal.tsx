import { useEffect, useState, type FormEvent } from 'react';
import { Button, Loader, SelectField, Tabs, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { planAllows } from '@conversa/shared/roles';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { ColorField } from '../../../components/ui/color-field';
import { Modal } from '../../../components/ui/modal';
import { ScheduleEditor } from '../../../components/ui/schedule-editor';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth';
import { useFlows } from '../../../lib/get-flows';
import { useQueues } from '../../../lib/queues';
import type { ScheduleErrors } from '../../../lib/schedules';
import { toast } from '../../../lib/toast';
import type { FieldErrors } from '../../../lib/validation';
import { useQueue } from '../api/get-queue';
import { useSaveQueue } from '../api/save-queue';
import { useUploadOptionFile } from '../api/upload-option-file';
import { useScheduleType } from '../hooks/use-schedule-type';
import { updateOption, type OptionDraft, type OptionPath } from '../lib/chatbot-tree';
import { buildQueueBody, emptyQueueForm, formFromQueue, type QueueFormField, type QueueFormValues } from '../lib/queue-form';
import { ChatbotEditor } from './chatbot-editor';

type Tab = 'data' | 'hours';
type Props = { open: boolean; /** Undefined = add. */ queueId?: number; onClose(): void; onSaved?(q: QueueView): void };

/** Add / edit a queue (spec 2 "Queue modal", §5): its data with the option tree, and its hours. */
export function QueueModal({ open, queueId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const mode = queueId === undefined ? 'create' : 'edit';
  const detail = useQueue(open ? queueId : undefined);
  const all = useQueues(open);
  const hoursShown = useScheduleType() === 'queue';
  // A flow for tickets entering the queue (issue 23): only where the plan has the flow builder.
  const hasFlows = planAllows(useUser().company.plan as never, { flag: 'useShowFlowBuilder', tiers: ['ultimate'] });
  const flows = useFlows(open && hasFlows);
  const [tab, setTab] = useState<Tab>('data');
  const [values, setValues] = useState<QueueFormValues>(emptyQueueForm);
  const [errors, setErrors] = useState<FieldErrors<QueueFormField>>({});
  const [optionErrors, setOptionErrors] = useState<Record<string, string>>({});
  const [hoursErrors, setHoursErrors] = useState<ScheduleErrors>({});
  const [uploadingKey, setUploadingKey] = useState<string>();

  useEffect(() => {
    if (!open) return;
    setTab('data');
    setErrors({});
    setOptionErrors({});
    setHoursErrors({});
    setValues(mode === 'create' ? emptyQueueForm() : detail.data ? formFromQueue(detail.data) : emptyQueueForm());
  }, [open, mode, detail.data]);

  const save = useSaveQueue({
    onSuccess: (q) => {
      toast.success(t('queues.saved'));
      onSaved?.(q);
      onClose();
    },
  });
  const upload = useUploadOptionFile();

  const set = <K extends keyof QueueFormValues>(field: K, value: QueueFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const err = (f: QueueFormField) => (errors[f] ? t(errors[f]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildQueueBody(values, mode, hoursShown, hasFlows);
    if (!r.ok) {
      setErrors(r.errors);
      setOptionErrors(r.optionErrors);
      setHoursErrors(r.hoursErrors);
      if (Object.keys(r.errors).length === 0 && Object.keys(r.optionErrors).length === 0) setTab('hours');
      else setTab('data');
      return;
    }
    setErrors({});
    setOptionErrors({});
    setHoursErrors({});
    save.mutate(
      { id: queueId, body: r.body },
      {
        onError: (e2) => {
          if (isApiError(e2) && (e2.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS' || e2.code === 'ERR_QUEUE_INVALID_COLOR')) {
            setErrors({ color: e2.code === 'ERR_QUEUE_INVALID_COLOR' ? 'queues.modal.invalidColor' : 'queues.modal.colorTaken' });
            setTab('data');
          }
        },
      },
    );
  };

  // A file goes to a saved option (spec 2 §5); the option then carries its name.
  const onUpload = (path: OptionPath, option: OptionDraft, file: File) => {
    if (option.id === undefined) return;
    setUploadingKey(option.key);
    upload.mutate(
      { optionId: option.id, file },
      {
        onSuccess: (saved) => {
          setValues((v) => ({ ...v, chatbots: updateOption(v.chatbots, path, { optionType: 'file', mediaName: saved.mediaName ?? file.name, greetingMessage: saved.greetingMessage || file.name }) }));
          toast.success(t('queues.chatbot.attached'));
        },
        onSettled: () => setUploadingKey(undefined),
      },
    );
  };

  const loading = mode === 'edit' && detail.isPending;
  const forwardTargets = (all.data ?? []).filter((q) => q.id !== queueId).map((q) => ({ id: q.id, name: q.name }));

  const dataTab = (
    <>
      <div className="form__grid">
        <TextField label={t('queues.modal.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err('name')} />
        <ColorField
          value={values.color}
          error={err('color')}
          onChange={(c) => set('color', c)}
          labels={{ field: t('queues.modal.color'), pick: t('queues.modal.colorPick'), swatches: t('queues.modal.swatches'), swatch: (color) => t('queues.colorOf', { color }) }}
        />
      </div>
      <TextAreaField label={t('queues.modal.greeting')} name="greetingMessage" rows={3} value={values.greetingMessage} onChange={(e) => set('greetingMessage', e.target.value)} hasError={Boolean(errors.greetingMessage)} errorMessage={err('greetingMessage')} />
      <TextAreaField label={t('queues.modal.outOfHours')} name="outOfHoursMessage" rows={2} descriptiveText={t('queues.modal.outOfHoursHint')} value={values.outOfHoursMessage} onChange={(e) => set('outOfHoursMessage', e.target.value)} hasError={Boolean(errors.outOfHoursMessage)} errorMessage={err('outOfHoursMessage')} />
      <div className="form__grid">
        <TextField label={t('queues.modal.orderQueue')} name="orderQueue" type="number" min={0} max={999} inputMode="numeric" descriptiveText={t('queues.modal.orderHint')} value={values.orderQueue} onChange={(e) => set('orderQueue', e.target.value)} hasError={Boolean(errors.orderQueue)} errorMessage={err('orderQueue')} />
        {hasFlows ? (
          <SelectField label={t('queues.modal.flow')} name="flowId" descriptiveText={t('queues.modal.flowHint')} value={values.flowId} onChange={(e) => set('flowId', e.target.value)}>
            <option value="">{t('queues.modal.noFlow')}</option>
            {(flows.data ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <details className="queue-integrations" open={Boolean(errors.typebotUrl || errors.typebotName || errors.urlFlow || errors.tokenFlow) || undefined}>
        <summary>{t('queues.modal.integrations')}</summary>
        <div className="form__grid">
          <TextField label={t('queues.modal.typebotUrl')} name="typebotUrl" autoComplete="off" value={values.typebotUrl} onChange={(e) => set('typebotUrl', e.target.value)} hasError={Boolean(errors.typebotUrl)} errorMessage={err('typebotUrl')} />
          <TextField label={t('queues.modal.typebotName')} name="typebotName" autoComplete="off" value={values.typebotName} onChange={(e) => set('typebotName', e.target.value)} hasError={Boolean(errors.typebotName)} errorMessage={err('typebotName')} />
          <TextField label={t('queues.modal.urlFlow')} name="urlFlow" autoComplete="off" value={values.urlFlow} onChange={(e) => set('urlFlow', e.target.value)} hasError={Boolean(errors.urlFlow)} errorMessage={err('urlFlow')} />
          <TextField label={t('queues.modal.tokenFlow')} name="tokenFlow" autoComplete="off" value={values.tokenFlow} onChange={(e) => set('tokenFlow', e.target.value)} hasError={Boolean(errors.tokenFlow)} errorMessage={err('tokenFlow')} />
        </div>
      </details>
      <ChatbotEditor value={values.chatbots} onChange={(fn) => setValues((v) => ({ ...v, chatbots: fn(v.chatbots) }))} errors={optionErrors} queues={forwardTargets} uploadingKey={uploadingKey} onUpload={onUpload} onClearError={(key) => setOptionErrors(({ [key]: _, ...rest }) => rest)} />
    </>
  );

  const hoursTab = (
    <>
      <p className="muted queue-hours__hint">{t('queues.modal.hoursHint')}</p>
      <ScheduleEditor rows={values.hours} errors={hoursErrors} onChange={(hours) => setValues((v) => ({ ...v, hours, hoursTouched: true }))} />
    </>
  );

  return (
    <Modal
      open={open}
      title={mode === 'edit' ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="queue-form" variation="primary" isLoading={save.isPending} isDisabled={loading || upload.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {loading ? (
        <div className="modal__loading">
          <Loader size="large" />
        </div>
      ) : (
        // The tab buttons stay outside the form: inside it, a click on a tab would submit it.
        hoursShown ? (
          <Tabs.Container value={tab} onValueChange={(v) => setTab(v as Tab)}>
            <Tabs.List spacing="relative" className="queue-modal__tabs">
              <Tabs.Item value="data">{t('queues.modal.tabData')}</Tabs.Item>
              <Tabs.Item value="hours">{t('queues.modal.tabHours')}</Tabs.Item>
            </Tabs.List>
            <form id="queue-form" className="form queue-modal" onSubmit={submit} noValidate>
              <Tabs.Panel value="data" className="queue-modal__panel">
                {dataTab}
              </Tabs.Panel>
              <Tabs.Panel value="hours" className="queue-modal__panel">
                {hoursTab}
              </Tabs.Panel>
            </form>
          </Tabs.Container>
        ) : (
          <form id="queue-form" className="form queue-modal" onSubmit={submit} noValidate>
            {dataTab}
          </form>
        )
      )}
    </Modal>
  );
}
