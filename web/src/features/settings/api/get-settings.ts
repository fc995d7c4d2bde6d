import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Setting } from '@conversa/shared/settings';
import { api } from '../../../lib/api';
import type { SettingRow } from '../../../lib/get-setting';

/** GET /settings → [{ key, value }]. */
export const getSettings = (): Promise<SettingRow[]> => api.get<SettingRow[]>('/settings');

export const settingsListKey = ['settings', 'list'] as const;

export const getSettingsQueryOptions = () => queryOptions({ queryKey: settingsListKey, queryFn: getSettings });

export const useSettings = () => useQuery(getSettingsQueryOptions());

export type { Setting };
