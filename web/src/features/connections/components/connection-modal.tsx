import { useEffect, useState, type FormEvent } from 'react';
import { Button, Loader, PasswordField, SelectField, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { CreateConnectionBody, UpdateConnectionBody } from '@conversa/shared/schemas/connections';
import { Modal } from '../../../components/ui/modal';
import { QueueChecklist } from '../../../components/ui/queue-checklist';
import { planAllows } from '@conversa/shared/roles';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth';
import { useFlows } from '../../../lib/get-flows';
import { toast } from '../../../lib/toast';
import type { FieldErrors } from '../../../lib/validation';
import { useCreateConnection } from '../api/create-connection';
import { useConnection } from '../api/get-connection';
import { useUpdateConnection } from '../api/update-connection';
import type { Connection } from '../lib/connection';
import { buildConnectionBody, emptyConnectionForm, formFromConnection, generateToken, type ConnectionFormField, type ConnectionFormValues, type FormChannel } from '../lib/connection-form';

export type ConnectionModalState = { open: false } | { open: true; mode: 'create'; channel: FormChannel } | { open: true; mode: 'edit'; id: number };

type Props = { state: ConnectionModalState; onClose(): void; onSaved?(c: Connection): void };

/** Add / edit a connection (spec 2 §3, §5). */
export function ConnectionModal({ state, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editId = state.open && state.mode === 'edit' ? state.id : undefined;
  const detail = useConnection(editId);
  const channel: FormChannel | undefined = state.open ? (state.mode === 'create' ? state.channel : (detail.data?.channel as FormChannel | undefined)) : undefined;
  const [values, setValues] = useState<ConnectionFormValues>(emptyConnectionForm);
  const [errors, setErrors] = useState<FieldErrors<ConnectionFormField>>({});
  // The flow triggers (issue 23): only where the plan has the flow builder.
  const hasFlows = planAllows(useUser().company.plan as never, { flag: 'useShowFlowBuilder', tiers: ['ultimate'] });
  const flows = useFlows(state.open && hasFlows);

  useEffect(() => {
    if (!state.open) return;
    setErrors({});
    setValues(state.mode === 'create' ? emptyConnectionForm : detail.data ? formFromConnection(detail.data) : emptyConnectionForm);
  }, [state, detail.data]);

  const done = (c: Connection) => {
    toast.success(t('connections.saved'));
    onSaved?.(c);
    onClose();
  };
  const onError = (err: unknown) => {
    if (isApiError(err) && err.code === 'ERR_WAPP_GREETING_REQUIRED') setErrors({ greetingMessage: 'connections.form.greetingRequired' });
  };
  const create = useCreateConnection({ onSuccess: done });
  const update = useUpdateConnection({ onSuccess: done });
  const busy = create.isPending || update.isPending;

  const set = <K extends ConnectionFormField>(field: K, value: ConnectionFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const err = (f: ConnectionFormField) => (errors[f] ? t(errors[f]) : undefined);
  const has = (f: ConnectionFormField) => Boolean(errors[f]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!state.open || !channel) return;
    const r = buildConnectionBody(values, state.mode, channel, hasFlows);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    if (state.mode === 'create') create.mutate(r.body as CreateConnectionBody, { onError });
    else update.mutate({ id: state.id, body: r.body as UpdateConnectionBody }, { onError });
  };

  const loading = editId !== undefined && detail.isPending;
  const title = !state.open ? '' : state.mode === 'edit' ? t('connections.modal.editTitle') : t('connections.modal.addTitle', { channel: t(`connections.channels.${state.channel}`) });

  return (
    <Modal
      open={state.open}
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="connection-form" variation="primary" isLoading={busy} isDisabled={loading}>
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
        <form id="connection-form" className="form" onSubmit={submit} noValidate>
          {channel === 'sandbox' ? <p className="form-note">{t('connections.modal.sandboxNote')}</p> : null}
          <div className="form__grid">
            <TextField label={t('connections.modal.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={has('name')} errorMessage={err('name')} />
            <SwitchField label={t('connections.modal.isDefault')} name="isDefault" isChecked={values.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
          </div>
          {channel === 'wppoficial' && state.open ? (
            <fieldset className="form-section">
              <legend>{t('connections.modal.cloudApi')}</legend>
              <div className="form__grid">
                {state.mode === 'create' ? (
                  <>
                    <TextField label={t('connections.modal.phoneNumberId')} name="phoneNumberId" inputMode="numeric" autoComplete="off" value={values.phoneNumberId} onChange={(e) => set('phoneNumberId', e.target.value)} hasError={has('phoneNumberId')} errorMessage={err('phoneNumberId')} />
                    <TextField label={t('connections.modal.wabaId')} name="wabaId" inputMode="numeric" autoComplete="off" value={values.wabaId} onChange={(e) => set('wabaId', e.target.value)} hasError={has('wabaId')} errorMessage={err('wabaId')} />
                  </>
                ) : null}
                <PasswordField label={t('connections.modal.accessToken')} name="accessToken" autoComplete="new-password" descriptiveText={t(state.mode === 'create' ? 'connections.modal.secretHint' : 'connections.modal.secretKeepHint')} value={values.accessToken} onChange={(e) => set('accessToken', e.target.value)} hasError={has('accessToken')} errorMessage={err('accessToken')} />
                <PasswordField label={t('connections.modal.appSecret')} name="appSecret" autoComplete="new-password" descriptiveText={state.mode === 'edit' ? t('connections.modal.secretKeepHint') : undefined} value={values.appSecret} onChange={(e) => set('appSecret', e.target.value)} hasError={has('appSecret')} errorMessage={err('appSecret')} />
              </div>
            </fieldset>
          ) : null}
          <TextAreaField label={t('connections.modal.greeting')} name="greetingMessage" rows={3} value={values.greetingMessage} onChange={(e) => set('greetingMessage', e.target.value)} hasError={has('greetingMessage')} errorMessage={err('greetingMessage')} />
          <TextAreaField label={t('connections.modal.completion')} name="complationMessage" rows={3} value={values.complationMessage} onChange={(e) => set('complationMessage', e.target.value)} hasError={has('complationMessage')} errorMessage={err('complationMessage')} />
          <TextAreaField label={t('connections.modal.outOfHours')} name="outOfHoursMessage" rows={3} value={values.outOfHoursMessage} onChange={(e) => set('outOfHoursMessage', e.target.value)} hasError={has('outOfHoursMessage')} errorMessage={err('outOfHoursMessage')} />
          <TextAreaField label={t('connections.modal.rating')} name="ratingMessage" rows={3} value={values.ratingMessage} onChange={(e) => set('ratingMessage', e.target.value)} hasError={has('ratingMessage')} errorMessage={err('ratingMessage')} />
          <div className="token-row">
            <TextField
              label={t('connections.modal.token')}
              name="token"
              autoComplete="off"
              descriptiveText={t('connections.modal.tokenHint')}
              value={values.token}
              onChange={(e) => set('token', e.target.value)}
              hasError={has('token')}
              errorMessage={err('token')}
              flex={1}
            />
            <Button type="button" size="small" gap="0.35rem" onClick={() => set('token', generateToken())}>
              <KeyRound size={15} aria-hidden />
              {t('connections.modal.generateToken')}
            </Button>
          </div>
          <QueueChecklist legend={t('connections.modal.queues')} emptyText={t('connections.modal.queuesEmpty')} selected={values.queueIds} onChange={(ids) => set('queueIds', ids)} />
          {hasFlows ? (
            <fieldset className="form-section">
              <legend>{t('connections.modal.flows')}</legend>
              <div className="form__grid">
                {(['flowIdWelcome', 'flowIdNotPhrase'] as const).map((field) => (
                  <SelectField key={field} label={t(`connections.modal.${field}`)} name={field} value={values[field]} onChange={(e) => set(field, e.target.value)}>
                    <option value="">{t('connections.modal.noFlow')}</option>
                    {(flows.data ?? []).map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.name}
                      </option>
                    ))}
                  </SelectField>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="form__grid">
            <TextField label={t('connections.modal.reopenWindow')} name="reopenWindowMinutes" type="number" min={0} max={10080} inputMode="numeric" descriptiveText={t('connections.modal.reopenWindowHint')} value={values.reopenWindowMinutes} onChange={(e) => set('reopenWindowMinutes', e.target.value)} hasError={has('reopenWindowMinutes')} errorMessage={err('reopenWindowMinutes')} />
            <SwitchField label={t('connections.modal.allowGroups')} name="allowGroups" isChecked={values.allowGroups} onChange={(e) => set('allowGroups', e.target.checked)} />
          </div>
        </form>
      )}
    </Modal>
  );
}
