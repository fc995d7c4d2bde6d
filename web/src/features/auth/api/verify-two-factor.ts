import { useMutation } from '@tanstack/react-query';
import type { TwoFactorVerifyAnswer } from '@conversa/shared/schemas/two-factor';
import { api } from '../../../lib/api';

export type VerifyTwoFactorInput = { challenge: string; code?: string; recoveryCode?: string };

/** POST /auth/2fa/verify: the login's second step → the session (and the recovery codes when it completed an enrolment). */
export const verifyTwoFactor = (input: VerifyTwoFactorInput): Promise<TwoFactorVerifyAnswer> => api.post<TwoFactorVerifyAnswer>('/auth/2fa/verify', input, { auth: false });

export function useVerifyTwoFactor(options: { onSuccess?: (a: TwoFactorVerifyAnswer) => void; onError?: (err: unknown) => void } = {}) {
  return useMutation({ mutationFn: verifyTwoFactor, ...options });
}
