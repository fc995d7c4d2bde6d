import { useRef, useState } from 'react';
import { Tabs, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { insertVariable } from '../lib/campaign-form';

type Props = {
  /** 'message' or 'confirmation': the tab and field names. */
  kind: 'message' | 'confirmation';
  values: readonly string[];
  onChange(values: string[]): void;
  /** The chips' variable names ({nome}, {numero}, {email}, the settings' keys). */
  variables: readonly string[];
  disabled: boolean;
  error?: string;
};

/**
 * Spec 3 §9: five variants in tabs ('Mensagem 1'…'Mensagem 5'), with the variable chips above that
 * insert `{name}` where the cursor is in the open tab (at the end when it never had the focus).
 */
export function VariantTabs({ kind, values, onChange, variables, disabled, error }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('0');
  const fields = useRef<(HTMLTextAreaElement | null)[]>([]);
  const tabKey = kind === 'message' ? 'campaigns.modal.messageTab' : 'campaigns.modal.confirmationTab';
  const labelKey = kind === 'message' ? 'campaigns.modal.messageLabel' : 'campaigns.modal.confirmationLabel';

  const set = (i: number, text: string) => onChange(values.map((v, j) => (j === i ? text : v)));
  const insert = (name: string) => {
    const i = Number(tab);
    const el = fields.current[i];
    const r = insertVariable(values[i] ?? '', el?.selectionStart, el?.selectionEnd, name);
    set(i, r.text);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(r.caret, r.caret);
    });
  };

  return (
    <div className="variant-tabs" data-testid={`${kind}-variants`}>
      <div className="variant-chips" role="group" aria-label={t('campaigns.modal.variables')}>
        {variables.map((v) => (
          <button key={v} type="button" className="variant-chip" disabled={disabled} aria-label={t('campaigns.modal.insertVariable', { variable: `{${v}}` })} onClick={() => insert(v)}>
            {`{${v}}`}
          </button>
        ))}
      </div>
      <Tabs.Container value={tab} onValueChange={setTab}>
        <Tabs.List className="variant-tabs__list" spacing="relative">
          {values.map((v, i) => (
            // A tab is a <button>: inside the form it must not submit it.
            <Tabs.Item key={i} value={String(i)} type="button" className={v.trim() ? 'variant-tab variant-tab--filled' : 'variant-tab'}>
              {t(tabKey, { n: i + 1 })}
            </Tabs.Item>
          ))}
        </Tabs.List>
        {values.map((v, i) => (
          <Tabs.Panel key={i} value={String(i)} className="variant-tabs__panel">
            <TextAreaField
              ref={(el: HTMLTextAreaElement | null) => {
                fields.current[i] = el;
              }}
              label={t(labelKey, { n: i + 1 })}
              labelHidden
              name={`${kind}${i + 1}`}
              rows={5}
              value={v}
              isDisabled={disabled}
              onChange={(e) => set(i, e.target.value)}
            />
          </Tabs.Panel>
        ))}
      </Tabs.Container>
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
