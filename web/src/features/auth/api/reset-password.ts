import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ResetPasswordInput = { email: string; code: string; newPassword: string };

/** POST /resetpasswords/{email}/{code}/{newPassword}. */
export const resetPassword = ({ email, code, newPassword }: ResetPasswordInput): Promise<unknown> =>
  api.post(
    `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(newPassword)}`,
    undefined,
    { auth: false },
  );

export function useResetPassword(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true }, ...options });
}
