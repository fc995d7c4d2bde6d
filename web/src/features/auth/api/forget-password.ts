import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /forgetpassword/{email}: e-mails a 6-digit code. 404 ERR_NO_EMAIL_FOUND when unknown. */
export const forgetPassword = (email: string): Promise<{ message?: string }> =>
  api.post<{ message?: string }>(`/forgetpassword/${encodeURIComponent(email)}`, undefined, { auth: false });

/** Silent: the page shows the spec's own texts for this call (spec 1 §8 "forgot password"). */
export function useForgetPassword(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  return useMutation({ mutationFn: forgetPassword, meta: { silent: true }, ...options });
}
