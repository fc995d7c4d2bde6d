import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeUser } from '../lib/users-cache';
import { userDetailKey } from './get-user';
import { usersListKey, type UsersPage } from './get-users';

/** DELETE /users/{id}. ERR_LAST_ADMIN when it is the company's last admin. */
export const deleteUser = (id: number): Promise<void> => api.delete<void>(`/users/${id}`);

export function useDeleteUser(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: userDetailKey(id) });
      qc.setQueriesData<InfiniteData<UsersPage>>({ queryKey: usersListKey }, (data) => removeUser(data, id));
      options.onSuccess?.();
    },
  });
}
