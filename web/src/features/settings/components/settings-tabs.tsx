import { useState, type ReactNode } from 'react';
import { Tabs } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { LaterNotice } from '../../../components/ui/later-notice';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useSettings } from '../api/get-settings';
import { useUpdateSetting } from '../api/update-setting';
import { settingsTabs, visibleIntegrationGroups, visibleOptionFields, type SettingsTab } from '../lib/setting-fields';
import { IntegrationsSection } from './integrations-section';
import { OptionsSection } from './options-section';
import { PaymentCertificatePanel } from './payment-certificate-panel';
import { SchedulesSection } from './schedules-section';
import { LoadState } from '../../../components/ui/load-state';

type Props = {
  /** The first tab shown (`?tab=` of the page), when the user has it. */
  initialTab?: SettingsTab;
  /** Tabs whose panels other features draw (the page combines them): Help, Colors, Logos/Icons, Documents… */
  panels?: Partial<Record<SettingsTab, ReactNode>>;
};

/** The Settings page body (spec 2 §2): Options and Schedules here; the page hands in the other features' panels; the rest say they come later. */
export function SettingsTabs({ initialTab, panels = {} }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const settings = useSettings();
  const [tab, setTab] = useState<SettingsTab>(initialTab ?? 'options');
  const update = useUpdateSetting({ onSuccess: () => toast.success(t('settings.updated')) });

  if (settings.isPending || settings.isError) return <LoadState query={settings} />;

  const values = new Map(settings.data.map((s) => [s.key, s.value]));
  const valueOf = (key: string, fallback: string) => values.get(key) ?? fallback;
  const plan = me.company.plan;
  const tabs = settingsTabs(me, plan, values.get('scheduleType'));
  const current = tabs.includes(tab) ? tab : 'options';
  const pendingKey = update.isPending ? update.variables?.key : undefined;
  const save = (key: string, value: string) => update.mutate({ key, value });

  return (
    <Tabs.Container value={current} onValueChange={(v) => setTab(v as SettingsTab)} isLazy>
      <Tabs.List className="settings-tabs" spacing="relative">
        {tabs.map((id) => (
          <Tabs.Item key={id} value={id}>
            {t(`settings.tabs.${id}`)}
          </Tabs.Item>
        ))}
      </Tabs.List>
      {tabs.map((id) => (
        <Tabs.Panel key={id} value={id} className="settings-panel">
          {id === 'options' ? (
            <>
              <OptionsSection fields={visibleOptionFields(me, plan)} valueOf={valueOf} pendingKey={pendingKey} onSave={save} />
              <IntegrationsSection groups={visibleIntegrationGroups(me, plan)} valueOf={valueOf} pendingKey={pendingKey} onSave={save} />
              {/* spec 2 §2: the payment certificate panel has no tab of its own */}
              {me.super ? <PaymentCertificatePanel /> : null}
            </>
          ) : id === 'schedules' ? (
            <SchedulesSection companyId={me.companyId} />
          ) : panels[id] !== undefined ? (
            panels[id]
          ) : (
            <LaterNotice message={t('settings.later')} />
          )}
        </Tabs.Panel>
      ))}
    </Tabs.Container>
  );
}
