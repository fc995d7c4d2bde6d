import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';
import { upsertUser } from '../lib/users-cache';
import { userDetailKey } from './get-user';
import { usersListKey, type UsersPage } from './get-users';

/** DELETE /users/{id}/2fa (admin): the user's second factor off; they enrol again if the company requires it. */
export const resetTwoFactor = (id: number): Promise<void> => api.delete<void>(`/users/${id}/2fa`);

export function useResetTwoFactor(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user: UserView) => resetTwoFactor(user.id),
    onSuccess: (_r, user) => {
      const after = { ...user, twoFactor: false };
      qc.setQueryData(userDetailKey(user.id), after);
      qc.setQueriesData<InfiniteData<UsersPage>>({ queryKey: usersListKey }, (data) => upsertUser(data, after, false));
      options.onSuccess?.();
    },
  });
}
