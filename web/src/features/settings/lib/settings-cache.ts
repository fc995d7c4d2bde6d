import type { QueryClient } from '@tanstack/react-query';
import { settingDetailKey, type SettingRow } from '../../../lib/get-setting';
import { settingsListKey } from '../api/get-settings';

/** Puts a changed setting into the list and the single-key caches (after a PUT or a live event). */
export function applySetting(qc: QueryClient, row: SettingRow): void {
  qc.setQueryData<SettingRow[]>(settingsListKey, (list) => (list ? upsertSetting(list, row) : list));
  qc.setQueryData(settingDetailKey(row.key), row);
}

export function upsertSetting(list: SettingRow[], row: SettingRow): SettingRow[] {
  return list.some((s) => s.key === row.key) ? list.map((s) => (s.key === row.key ? { ...s, value: row.value } : s)) : [...list, row];
}
