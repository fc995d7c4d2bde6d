import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { FlowView } from '@conversa/shared/schemas/flows';
import { FormFooter, Modal } from '../../../components/ui/modal';
import { useSaveFlowName } from '../api/save-flow-name';
import { checkFlowName } from '../lib/flow-name';

type Props = { open: boolean; /** Undefined = a new flow. */ flow?: FlowView; onClose(): void; onSaved(f: FlowView, created: boolean): void };

/** The add-flow modal and Editar nome (spec 3 "Flow manager list", §5). */
export function FlowNameModal({ open, flow, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveFlowName({ onSuccess: onSaved });
  useEffect(() => {
    if (!open) return;
    setName(flow?.name ?? '');
    setError(undefined);
  }, [open, flow]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = checkFlowName(name);
    if (!r.ok) return setError(r.error);
    setError(undefined);
    save.mutate({ flowId: flow?.id, name: r.name });
  };

  return (
    <Modal
      open={open}
      title={flow ? t('flows.nameModal.editTitle') : t('flows.nameModal.addTitle')}
      onClose={onClose}
      size="small"
      footer={<FormFooter formId="flow-name-form" pending={save.isPending} onCancel={onClose} saveLabel={flow ? t('flows.nameModal.save') : t('flows.nameModal.add')} />}
    >
      <form id="flow-name-form" className="form" onSubmit={submit} noValidate>
        <TextField label={t('flows.nameModal.name')} name="name" autoComplete="off" autoFocus value={name} onChange={(e) => setName(e.target.value)} hasError={Boolean(error)} errorMessage={error ? t(`flows.${error}`) : undefined} />
      </form>
    </Modal>
  );
}
