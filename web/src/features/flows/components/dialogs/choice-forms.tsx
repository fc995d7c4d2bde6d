import { useState, type FormEvent } from 'react';
import { CheckboxField, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPERATORS } from '@conversa/shared/schemas/flows';
import { useTags } from '../../../../lib/get-tags';
import { useUsersList } from '../../../../lib/get-users-list';
import { useQueues } from '../../../../lib/queues';
import { conditionFields } from '../../lib/graph';
import { FormError } from './form-error';
import { str, useNodeSubmit, type NodeFormProps } from './form-props';

const idOrEmpty = (v: unknown) => (typeof v === 'number' && v > 0 ? String(v) : '');

/**
 * Departamentos ('Adicionar Fila ao fluxo' / 'Editar Filas'): 'Fila de Destino', and behind
 * 'Opções adicionais' either 'Randomizar Usuário' or 'Escolher um Usuário' with 'Selecione um
 * Atendente'. With the additional options off, they are saved as false (spec 3 §4).
 */
export function QueueForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const queues = useQueues();
  const [queue, setQueue] = useState(idOrEmpty(initial?.queue));
  const [moreOptions, setMoreOptions] = useState(initial?.moreOptions === true);
  const [random, setRandom] = useState(initial?.ativarRoteador === true);
  const [choose, setChoose] = useState(initial?.checkedUser === true);
  const [user, setUser] = useState(idOrEmpty(initial?.queueUsersId));
  const [continueFlow, setContinueFlow] = useState(initial?.continueFlow === true);
  const users = useUsersList(moreOptions && choose);
  const { error, fail, submit } = useNodeSubmit('queue', onDone);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!queue) return fail({ key: 'errors.queueRequired' });
    const extra = moreOptions ? { ativarRoteador: random, checkedUser: choose, queueUsersId: choose && user ? Number(user) : null } : { ativarRoteador: false, checkedUser: false, queueUsersId: null };
    submit({ queue: Number(queue), moreOptions, continueFlow, ...extra });
  };
  return (
    <form id={formId} className="form" noValidate onSubmit={onSubmit}>
      <SelectField label={t('flows.dialog.queue')} name="queue" value={queue} onChange={(e) => setQueue(e.target.value)} hasError={Boolean(error) && !queue}>
        <option value="">{t('flows.dialog.select')}</option>
        {(queues.data ?? []).map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
          </option>
        ))}
      </SelectField>
      <CheckboxField label={t('flows.dialog.moreOptions')} name="moreOptions" checked={moreOptions} onChange={(e) => setMoreOptions(e.target.checked)} />
      {moreOptions ? (
        <div className="flow-form__indent">
          <CheckboxField label={t('flows.dialog.randomUser')} name="ativarRoteador" checked={random} disabled={choose} onChange={(e) => setRandom(e.target.checked)} />
          <CheckboxField label={t('flows.dialog.chooseUser')} name="checkedUser" checked={choose} disabled={random} onChange={(e) => setChoose(e.target.checked)} />
          {choose ? (
            <SelectField label={t('flows.dialog.user')} name="queueUsersId" value={user} onChange={(e) => setUser(e.target.value)}>
              <option value="">{t('flows.dialog.select')}</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <CheckboxField label={t('flows.dialog.continueFlow')} name="continueFlow" checked={continueFlow} onChange={(e) => setContinueFlow(e.target.checked)} />
      <FormError message={error} />
    </form>
  );
}

/** Tags: 'Tag', required ('Selecione uma Tag!'). */
export function TagForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const tags = useTags();
  const [tag, setTag] = useState(idOrEmpty(initial?.tag));
  const { error, fail, submit } = useNodeSubmit('tag', onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), tag ? submit({ tag: Number(tag) }) : fail({ key: 'errors.tagRequired' }))}>
      <SelectField label={t('flows.dialog.tag')} name="tag" value={tag} onChange={(e) => setTag(e.target.value)} hasError={Boolean(error)}>
        <option value="">{t('flows.dialog.select')}</option>
        {(tags.data ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
    </form>
  );
}

/** Condicionais: a field (ticketTag or a collected variable), an operator 1–6, and a value (none for 'is empty'). */
export function ConditionForm({ formId, initial, nodes, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const fields = conditionFields(nodes);
  const stored = str(initial?.key);
  const [key, setKey] = useState(stored || fields[0]!);
  const [condition, setCondition] = useState(Number(initial?.condition ?? 1));
  const [value, setValue] = useState(str(initial?.value));
  const { error, submit } = useNodeSubmit('condition', onDone);
  const options = stored && !fields.includes(stored) ? [...fields, stored] : fields;
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit({ key, condition, value: condition === 6 ? '' : value }))}>
      <SelectField label={t('flows.dialog.conditionField')} name="key" value={key} onChange={(e) => setKey(e.target.value)}>
        {options.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('flows.dialog.conditionOperator')} name="condition" value={String(condition)} onChange={(e) => setCondition(Number(e.target.value))}>
        {CONDITION_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {t(`flows.dialog.operators.${op}`)}
          </option>
        ))}
      </SelectField>
      {condition !== 6 ? <TextField label={t('flows.dialog.conditionValue')} name="value" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} /> : null}
      <FormError message={error} />
    </form>
  );
}
