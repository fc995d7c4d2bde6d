import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@conversa/shared/schemas/two-factor';
import { api } from '../../../lib/api';

/** POST /auth/2fa/enrol: at login, the secret for a user the company's rule sends to enrol. */
export const enrolTwoFactor = (challenge: string): Promise<TwoFactorSetup> => api.post<TwoFactorSetup>('/auth/2fa/enrol', { challenge }, { auth: false });

export function useEnrolTwoFactor(options: { onSuccess?: (s: TwoFactorSetup) => void; onError?: (err: unknown) => void } = {}) {
  return useMutation({ mutationFn: enrolTwoFactor, ...options });
}
