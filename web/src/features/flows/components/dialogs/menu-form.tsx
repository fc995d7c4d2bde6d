import { useState, type FormEvent } from 'react';
import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { FLOW_LIMITS } from '@conversa/shared/schemas/flows';
import { FormError } from './form-error';
import { str, useNodeSubmit, type NodeFormProps } from './form-props';

/** An option as stored (its titleOption and submenu, when an import brought them, are kept). */
type Option = { number: number; value: string } & Record<string, unknown>;

/**
 * Menu: its message and its options. An option keeps its number for life (its connection leaves
 * from handle `a<number>`); a new one takes the next number, so removing one never moves the others' connections.
 */
export function MenuForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(str(initial?.message));
  const [options, setOptions] = useState<Option[]>(() => ((initial?.arrayOption as Option[] | undefined) ?? [{ number: 1, value: '' }]).map((o) => ({ ...o })));
  const { error, fail, submit } = useNodeSubmit('menu', onDone);
  const add = () => setOptions((os) => [...os, { number: Math.max(0, ...os.map((o) => o.number)) + 1, value: '' }]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const filled = options.filter((o) => o.value.trim());
    if (filled.length === 0) return fail({ key: 'dialog.optionsEmpty' });
    submit({ message, arrayOption: filled.map((o) => ({ ...o, value: o.value.trim() })) });
  };
  return (
    <form id={formId} className="form" noValidate onSubmit={onSubmit}>
      <TextAreaField label={t('flows.dialog.menuMessage')} name="message" rows={3} autoFocus value={message} onChange={(e) => setMessage(e.target.value)} />
      <ol className="flow-form__rows">
        {options.map((o, i) => (
          <li key={o.number} className="flow-form__row">
            <TextField label={t('flows.dialog.option', { n: o.number })} name={`option-${o.number}`} autoComplete="off" value={o.value} flex={1} onChange={(e) => setOptions((os) => os.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
            <button type="button" className="icon-button icon-button--danger" aria-label={t('flows.dialog.removeOption', { n: o.number })} onClick={() => setOptions((os) => os.filter((_, j) => j !== i))}>
              <Trash2 size={16} aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <Button type="button" size="small" gap="0.3rem" onClick={add} isDisabled={options.length >= FLOW_LIMITS.menuOptionsMax}>
        <Plus size={16} aria-hidden /> {t('flows.dialog.addOption')}
      </Button>
      <FormError message={error} />
    </form>
  );
}
