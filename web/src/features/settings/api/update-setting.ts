import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SettingRow } from '../../../lib/get-setting';
import { applySetting } from '../lib/settings-cache';

/** PUT /settings/{key} { value } → { key, value } (admin). */
export const updateSetting = ({ key, value }: SettingRow): Promise<SettingRow> =>
  api.put<SettingRow>(`/settings/${encodeURIComponent(key)}`, { value });

export function useUpdateSetting(options: { onSuccess?: (row: SettingRow) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: (row, input) => {
      applySetting(qc, row?.key ? row : input);
      options.onSuccess?.(row?.key ? row : input);
    },
  });
}
