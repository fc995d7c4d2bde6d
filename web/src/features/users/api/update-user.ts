import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UpdateUserBody } from '@conversa/shared/schemas/users';
import type { UserView } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';
import { upsertUser } from '../lib/users-cache';
import { userDetailKey } from './get-user';
import { usersListKey, type UsersPage } from './get-users';

/** PUT /users/{id} (partial; password optional) → UserView. */
export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }): Promise<UserView> =>
  api.put<UserView>(`/users/${id}`, body);

export function useUpdateUser(options: { onSuccess?: (user: UserView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      qc.setQueryData(userDetailKey(user.id), user);
      qc.setQueriesData<InfiniteData<UsersPage>>({ queryKey: usersListKey }, (data) => upsertUser(data, user, false));
      options.onSuccess?.(user);
    },
  });
}
