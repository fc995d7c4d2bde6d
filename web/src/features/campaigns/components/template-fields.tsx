import { SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { CampaignTemplate, WhatsappTemplateView } from '@conversa/shared/schemas/campaigns';
import { useTemplates } from '../api/get-templates';

type Props = {
  whatsappId: number;
  value: CampaignTemplate | null;
  onChange(t: CampaignTemplate | null): void;
  variables: readonly string[];
  disabled: boolean;
  error?: string;
};

const FIXED = '__text';
const keyOf = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/**
 * A WhatsApp Cloud API campaign (BEHAVIOUR.md: outside the 24-hour window only approved templates
 * go out): one of the connection's approved templates, and each body parameter from a variable or
 * a fixed text.
 */
export function TemplateFields({ whatsappId, value, onChange, variables, disabled, error }: Props) {
  const { t } = useTranslation();
  const templates = useTemplates(whatsappId);
  const list: WhatsappTemplateView[] = templates.data ?? [];
  const chosen = value ? list.find((x) => keyOf(x) === keyOf(value)) : undefined;

  const pick = (key: string) => {
    const tpl = list.find((x) => keyOf(x) === key);
    onChange(tpl ? { name: tpl.name, language: tpl.language, params: Array.from({ length: tpl.paramCount }, () => ({ variable: 'nome' })) } : null);
  };
  const setParam = (i: number, p: { variable?: string; text?: string }) => value && onChange({ ...value, params: value.params.map((x, j) => (j === i ? p : x)) });

  return (
    <fieldset className="campaign-template" disabled={disabled} data-testid="campaign-template">
      <legend>{t('campaigns.template.title')}</legend>
      <p className="muted campaign-template__hint">{t('campaigns.template.hint')}</p>
      <SelectField
        label={t('campaigns.template.pick')}
        name="template"
        value={value ? keyOf(value) : ''}
        isDisabled={disabled || templates.isPending}
        onChange={(e) => pick(e.target.value)}
        hasError={Boolean(error)}
        errorMessage={error ? t(error) : undefined}
        descriptiveText={templates.isPending ? t('campaigns.template.loading') : list.length === 0 ? t('campaigns.template.none') : undefined}
      >
        <option value="">{t('campaigns.template.choose')}</option>
        {list.map((x) => (
          <option key={keyOf(x)} value={keyOf(x)}>
            {`${x.name} (${x.language})`}
          </option>
        ))}
      </SelectField>
      {chosen ? <p className="campaign-template__body">{chosen.body}</p> : null}
      {value?.params.map((p, i) => (
        <div key={i} className="campaign-template__param">
          <SelectField
            label={t('campaigns.template.param', { n: i + 1 })}
            name={`param${i + 1}`}
            value={p.variable ?? FIXED}
            isDisabled={disabled}
            onChange={(e) => setParam(i, e.target.value === FIXED ? { text: p.text ?? '' } : { variable: e.target.value })}
          >
            {variables.map((v) => (
              <option key={v} value={v}>
                {t('campaigns.template.fromVariable', { variable: `{${v}}` })}
              </option>
            ))}
            <option value={FIXED}>{t('campaigns.template.fixedText')}</option>
          </SelectField>
          {p.variable === undefined ? (
            <TextField label={t('campaigns.template.fixedValue', { n: i + 1 })} labelHidden name={`paramText${i + 1}`} value={p.text ?? ''} isDisabled={disabled} onChange={(e) => setParam(i, { text: e.target.value })} />
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
