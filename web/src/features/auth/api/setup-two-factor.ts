import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { api } from '../../../lib/api';

/** POST /auth/2fa/setup: a new secret for the signed-in user, pending until a first code confirms it. */
export const setupTwoFactor = (): Promise<TwoFactorSetup> => api.post<TwoFactorSetup>('/auth/2fa/setup');

export function useSetupTwoFactor(options: { onSuccess?: (s: TwoFactorSetup) => void } = {}) {
  return useMutation({ mutationFn: setupTwoFactor, ...options });
}
