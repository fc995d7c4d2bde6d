import { useEffect, useState, type FormEvent } from 'react';
import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import {
  addVariable,
  CampaignVariable,
  DAILY_CAP_MAX,
  DEFAULT_CAMPAIGN_SETTINGS,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  type CampaignSettings,
} from '@conversa/shared/schemas/campaigns';
import { LoadState } from '../../../components/ui/load-state';
import { toast } from '../../../lib/toast';
import { useCampaignSettings } from '../api/get-campaign-settings';
import { useSaveCampaignSettings } from '../api/save-campaign-settings';

type Draft = { key: string; value: string };

/**
 * /campaigns-config (spec 3 §3 Campaign settings, §5, §9): the three interval selects with the
 * spec's options (defaults 20 s / 20 / 60 s), the daily cap per connection, and the custom
 * variables (a key is added only when new); saving says 'Configurações salvas'.
 */
export function SettingsForm() {
  const { t } = useTranslation();
  const query = useCampaignSettings();
  const [values, setValues] = useState<CampaignSettings>(DEFAULT_CAMPAIGN_SETTINGS);
  const [draft, setDraft] = useState<Draft>({ key: '', value: '' });
  const [draftError, setDraftError] = useState<string | undefined>();
  useEffect(() => {
    if (query.data) setValues({ ...DEFAULT_CAMPAIGN_SETTINGS, ...query.data });
  }, [query.data]);
  const save = useSaveCampaignSettings({ onSuccess: () => toast.success(t('campaigns.config.saved')) });
  if (query.isPending || (query.isError && !query.data)) return <LoadState query={query} />;

  const set = <K extends keyof CampaignSettings>(k: K, v: CampaignSettings[K]) => setValues((s) => ({ ...s, [k]: v }));
  const add = () => {
    const parsed = CampaignVariable.safeParse({ key: draft.key, value: draft.value });
    if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message === 'Obrigatório' ? t('campaigns.validation.required') : parsed.error.issues[0]?.message);
    const next = addVariable(values.variables, parsed.data);
    if (next.length === values.variables.length) return setDraftError(t('campaigns.config.keyExists'));
    setDraftError(undefined);
    set('variables', next);
    setDraft({ key: '', value: '' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  const seconds = (n: number) => (n === 0 ? t('campaigns.config.none') : t('campaigns.config.seconds', { count: n }));

  return (
    <form className="form campaign-settings" onSubmit={submit} noValidate>
      <section className="card campaign-settings__card">
        <h2 className="campaign-settings__title">{t('campaigns.config.intervalsTitle')}</h2>
        <div className="campaign-settings__grid">
          <SelectField label={t('campaigns.config.messageInterval')} name="messageInterval" value={String(values.messageInterval)} onChange={(e) => set('messageInterval', Number(e.target.value))}>
            {MESSAGE_INTERVAL_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {seconds(n)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('campaigns.config.longerIntervalAfter')} name="longerIntervalAfter" value={String(values.longerIntervalAfter)} onChange={(e) => set('longerIntervalAfter', Number(e.target.value))}>
            {LONGER_INTERVAL_AFTER_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('campaigns.config.none') : t('campaigns.config.messages', { count: n })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('campaigns.config.greaterInterval')} name="greaterInterval" value={String(values.greaterInterval)} onChange={(e) => set('greaterInterval', Number(e.target.value))}>
            {GREATER_INTERVAL_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {seconds(n)}
              </option>
            ))}
          </SelectField>
          <div>
          <TextField
            label={t('campaigns.config.dailyCap')}
            name="dailyCap"
            type="number"
            min={1}
            max={DAILY_CAP_MAX}
            value={String(values.dailyCap)}
            onChange={(e) => set('dailyCap', Math.max(1, Math.min(DAILY_CAP_MAX, Math.trunc(Number(e.target.value) || 1))))}
          />
          <p className="muted campaign-form__field-hint">{t('campaigns.config.dailyCapHint')}</p>
          </div>
        </div>
      </section>
      <section className="card campaign-settings__card">
        <h2 className="campaign-settings__title">{t('campaigns.config.variablesTitle')}</h2>
        <p className="muted">{t('campaigns.config.variablesHint')}</p>
        <div className="campaign-settings__add">
          <TextField label={t('campaigns.config.key')} name="variableKey" autoComplete="off" value={draft.key} onChange={(e) => setDraft((d) => ({ ...d, key: e.target.value }))} hasError={Boolean(draftError)} errorMessage={draftError} />
          <TextField label={t('campaigns.config.value')} name="variableValue" autoComplete="off" value={draft.value} onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))} />
          <Button size="small" gap="0.4rem" onClick={add}>
            <Plus size={16} aria-hidden />
            {t('campaigns.config.addVariable')}
          </Button>
        </div>
        {values.variables.length === 0 ? (
          <p className="muted">{t('campaigns.config.noVariables')}</p>
        ) : (
          <ul className="campaign-settings__vars" data-testid="campaign-variables">
            {values.variables.map((v) => (
              <li key={v.key}>
                <code>{`{${v.key}}`}</code>
                <span className="campaign-settings__value">{v.value}</span>
                <button type="button" className="icon-button icon-button--danger" aria-label={t('campaigns.config.removeVariable', { key: v.key })} onClick={() => set('variables', values.variables.filter((x) => x.key !== v.key))}>
                  <Trash2 size={16} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="campaign-settings__actions">
        <Button type="submit" variation="primary" isLoading={save.isPending}>
          {t('campaigns.config.save')}
        </Button>
      </div>
    </form>
  );
}
