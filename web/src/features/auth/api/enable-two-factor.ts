import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchMe } from '../../../lib/auth';

/** POST /auth/2fa/enable: the first code turns the second factor on → the recovery codes, shown once. */
export const enableTwoFactor = (code: string): Promise<{ recoveryCodes: string[] }> => api.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code });

export function useEnableTwoFactor(options: { onSuccess?: (a: { recoveryCodes: string[] }) => void } = {}) {
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (a) => {
      patchMe({ twoFactor: true });
      options.onSuccess?.(a);
    },
  });
}
