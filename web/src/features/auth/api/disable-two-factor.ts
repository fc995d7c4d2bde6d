import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchMe } from '../../../lib/auth';

/** POST /auth/2fa/disable with a code or a recovery code; ERR_2FA_REQUIRED while the company requires it. */
export const disableTwoFactor = (body: { code?: string; recoveryCode?: string }): Promise<void> => api.post<void>('/auth/2fa/disable', body);

export function useDisableTwoFactor(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      patchMe({ twoFactor: false });
      options.onSuccess?.();
    },
  });
}
