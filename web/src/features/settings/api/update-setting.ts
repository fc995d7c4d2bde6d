import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSetting, type SettingRow } from '../../../lib/get-setting';
import { applySetting } from '../lib/settings-cache';

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
