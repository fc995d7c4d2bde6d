import { FLOW_LIMITS } from '@conversa/shared/schemas/flows';
import { useState, type FormEvent } from 'react';
import { SelectField, SliderField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { questionVariables } from '../../lib/graph';
import { intervalProblem, VARIABLE_EXAMPLE } from '../../lib/node-forms';
import { FormError } from './form-error';
import { str, useNodeSubmit, type NodeFormProps } from './form-props';

/** Message ('Mensagem') and closeTicket ('Encerramento'): one text. */
export function TextForm({ formId, initial, onDone, type }: NodeFormProps & { type: 'message' | 'closeTicket' }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(str(initial?.label));
  const { error, submit } = useNodeSubmit(type, onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit({ label }))}>
      <TextAreaField label={type === 'message' ? t('flows.dialog.message') : t('flows.dialog.closeTicket')} name="label" rows={5} autoFocus value={label} onChange={(e) => setLabel(e.target.value)} />
      <FormError message={error} />
    </form>
  );
}

/** Intervalo: seconds, 1 to 120 ('Adicione o valor de intervalo', 'Máximo de tempo atingido 120 segundos'). */
export function IntervalForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [sec, setSec] = useState(str(initial?.sec));
  const { error, fail, submit } = useNodeSubmit('interval', onDone);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const p = intervalProblem(sec);
    if (p) return fail(p);
    submit({ sec: Number(sec), label: str(initial?.label) });
  };
  return (
    <form id={formId} className="form" noValidate onSubmit={onSubmit}>
      <TextField label={t('flows.dialog.interval')} name="sec" type="number" min={1} max={FLOW_LIMITS.intervalMaxSec} inputMode="numeric" autoFocus value={sec} onChange={(e) => setSec(e.target.value)} hasError={Boolean(error)} />
      <FormError message={error} />
    </form>
  );
}

/** Pergunta: 'Mensagem' and 'Variavel da pergunta' (the answer is kept under that name). */
export function QuestionForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(str(initial?.label));
  const [variable, setVariable] = useState(str(initial?.variable));
  const { error, submit } = useNodeSubmit('question', onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit({ label, variable: variable.trim() }))}>
      <TextAreaField label={t('flows.dialog.questionMessage')} name="label" rows={4} autoFocus value={label} onChange={(e) => setLabel(e.target.value)} />
      <TextField label={t('flows.dialog.questionVariable')} name="variable" autoComplete="off" value={variable} onChange={(e) => setVariable(e.target.value)} />
      <FormError message={error} />
    </form>
  );
}

/** Capturar: one of the variables the flow's questions define (spec 3 §5). */
export function CollectForm({ formId, initial, nodes, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const variables = questionVariables(nodes);
  const [collect, setCollect] = useState(str(initial?.collect, variables[0] ?? ''));
  const { error, submit } = useNodeSubmit('collect', onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit({ collect }))}>
      {variables.length === 0 ? <p className="form-note">{t('flows.dialog.collectNone')}</p> : null}
      <SelectField label={t('flows.dialog.collectVariable')} name="collect" value={collect} onChange={(e) => setCollect(e.target.value)}>
        <option value="">{t('flows.dialog.select')}</option>
        {variables.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
    </form>
  );
}

/** Randomizador: a slider 0–100 in steps of 10, showing a: percent and b: 100 − percent. */
export function RandomizerForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(Number(initial?.percent ?? 50));
  const { error, submit } = useNodeSubmit('randomizer', onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit({ percent }))}>
      <SliderField label={t('flows.dialog.randomizer')} name="percent" min={0} max={100} step={10} value={percent} onChange={setPercent} />
      <p className="flow-form__branches" aria-live="polite">
        {t('flows.dialog.branches', { a: percent, b: 100 - percent })}
      </p>
      <FormError message={error} />
    </form>
  );
}

const CONTACT_FIELDS = ['name', 'email', 'zipCode', 'address', 'bussinesName'] as const;

/** Att de Contato: Nome, Email, Cep, Endereço, Nome Empresa, each accepting {{variables}}. */
export function UpdateContactForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => Object.fromEntries(CONTACT_FIELDS.map((k) => [k, str(initial?.[k])])) as Record<(typeof CONTACT_FIELDS)[number], string>);
  const { error, submit } = useNodeSubmit('updateContact', onDone);
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit(values))}>
      <p className="form-note">{t('flows.dialog.contact.hint', { example: VARIABLE_EXAMPLE })}</p>
      {CONTACT_FIELDS.map((k, i) => (
        <TextField key={k} label={t(`flows.dialog.contact.${k}`)} name={k} autoComplete="off" autoFocus={i === 0} value={values[k]} onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))} />
      ))}
      <FormError message={error} />
    </form>
  );
}
