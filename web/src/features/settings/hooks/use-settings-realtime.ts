import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { settingDetailKey } from '../../../lib/get-setting';
import { settingsListKey } from '../api/get-settings';
import { applySetting } from '../lib/settings-cache';

/**
 * `company-{id}-settings` {action:'update', setting}: another admin changed a setting. A secret one
 * comes without its value (the event reaches every user): the settings are read again instead.
 */
export function useSettingsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.settings(companyId), ({ data: { setting } }) => {
    if ('value' in setting) applySetting(qc, setting);
    else {
      void qc.invalidateQueries({ queryKey: settingDetailKey(setting.key) });
      void qc.invalidateQueries({ queryKey: settingsListKey });
    }
  });
}
