import { useEffect, useState, type FormEvent } from 'react';
import { SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { FlowTriggerView } from '@conversa/shared/schemas/flows';
import { FormFooter, Modal } from '../../../components/ui/modal';
import { useConnections } from '../../../lib/get-connections';
import { useFlows } from '../../../lib/get-flows';
import { toast } from '../../../lib/toast';
import { useSaveFlowTrigger } from '../api/flow-triggers';
import { FLOW_TOAST_MS } from '../lib/flow-name';
import { buildTrigger, emptyTrigger, triggerValues, type TriggerField, type TriggerFormValues } from '../lib/trigger-form';

type Props = { open: boolean; trigger?: FlowTriggerView; onClose(): void };

/** A phrase trigger: name, the connection, the flow, the phrase, 'Exata' or 'Contém', active. */
export function TriggerModal({ open, trigger, onClose }: Props) {
  const { t } = useTranslation();
  const flows = useFlows(open);
  const connections = useConnections({ enabled: open });
  const [values, setValues] = useState<TriggerFormValues>(emptyTrigger);
  const [errors, setErrors] = useState<Partial<Record<TriggerField, string>>>({});
  const save = useSaveFlowTrigger({ onSuccess: () => (toast.success(t('flows.triggers.saved'), FLOW_TOAST_MS), onClose()) });
  useEffect(() => {
    if (!open) return;
    setValues(trigger ? triggerValues(trigger) : emptyTrigger());
    setErrors({});
  }, [open, trigger]);
  const set = <K extends TriggerField>(k: K, v: TriggerFormValues[K]) => setValues((x) => ({ ...x, [k]: v }));
  const err = (k: TriggerField) => (errors[k] ? t(`flows.${errors[k]}`) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildTrigger(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: trigger?.id, body: r.body });
  };
  return (
    <Modal open={open} title={trigger ? t('flows.triggers.editTitle') : t('flows.triggers.addTitle')} onClose={onClose} footer={<FormFooter formId="flow-trigger-form" pending={save.isPending} onCancel={onClose} />}>
      <form id="flow-trigger-form" className="form" onSubmit={submit} noValidate>
        <p className="form-note">{t('flows.triggers.hint')}</p>
        <TextField label={t('flows.triggers.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err('name')} />
        <SelectField label={t('flows.triggers.connection')} name="whatsappId" value={values.whatsappId} onChange={(e) => set('whatsappId', e.target.value)} hasError={Boolean(errors.whatsappId)} errorMessage={err('whatsappId')}>
          <option value="">{t('flows.dialog.select')}</option>
          {(connections.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('flows.triggers.flow')} name="flowId" value={values.flowId} onChange={(e) => set('flowId', e.target.value)} hasError={Boolean(errors.flowId)} errorMessage={err('flowId')}>
          <option value="">{t('flows.dialog.select')}</option>
          {(flows.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('flows.triggers.phrase')} name="phrase" autoComplete="off" value={values.phrase} onChange={(e) => set('phrase', e.target.value)} hasError={Boolean(errors.phrase)} errorMessage={err('phrase')} />
        <SelectField label={t('flows.triggers.match')} name="matchType" value={values.matchType} onChange={(e) => set('matchType', e.target.value as 'exact')}>
          <option value="exact">{t('flows.triggers.exact')}</option>
          <option value="partial">{t('flows.triggers.partial')}</option>
        </SelectField>
        <SwitchField label={t('flows.triggers.status')} name="status" isChecked={values.status} onChange={(e) => set('status', e.target.checked)} />
      </form>
    </Modal>
  );
}
