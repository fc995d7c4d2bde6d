import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignupBody } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';

export type SignupInput = z.output<typeof SignupBody>;

/** POST /auth/signup → 201 { companyId } (3-day trial, spec 1 §1). */
export const signup = (body: SignupInput): Promise<{ companyId: number }> =>
  api.post<{ companyId: number }>('/auth/signup', body, { auth: false });

export function useSignup(options: { onSuccess?: (answer: { companyId: number }) => void } = {}) {
  return useMutation({ mutationFn: signup, onSuccess: options.onSuccess });
}
