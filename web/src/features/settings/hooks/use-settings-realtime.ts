import { useQueryClient } from '@tanstack/react-query';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import type { SettingRow } from '../../../lib/get-setting';
import { applySetting } from '../lib/settings-cache';

/** `company-{id}-settings` {action:'update', setting}: another admin changed a setting. */
export function useSettingsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel<{ setting?: SettingRow }>(channel.settings(companyId), ({ data }) => {
    if (data.action === 'update' && data.setting && typeof data.setting.key === 'string') applySetting(qc, data.setting);
  });
}
