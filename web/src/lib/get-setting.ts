import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type SettingRow = { key: string; value: string };

/** GET /settings/{key} → { key, value }: the settings page, the brand, the queue modal's hours tab. */
export const getSetting = (key: string): Promise<SettingRow> => api.get<SettingRow>(`/settings/${encodeURIComponent(key)}`);

export const settingDetailKey = (key: string) => ['settings', 'detail', key] as const;

export const getSettingQueryOptions = (key: string) =>
  queryOptions({ queryKey: settingDetailKey(key), queryFn: () => getSetting(key), staleTime: 10 * 60_000, retry: false, meta: { silent: true } });

export const useSetting = (key: string) => useQuery(getSettingQueryOptions(key));

/** PUT /settings/{key} { value } → { key, value } (admin; the colour theme: super). Here because the settings page and the Colors tab both write. */
export const updateSetting = ({ key, value }: SettingRow): Promise<SettingRow> => api.put<SettingRow>(`/settings/${encodeURIComponent(key)}`, { value });
