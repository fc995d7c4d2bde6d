import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody } from '@conversa/shared/schemas/users';
import type { UserView } from '@conversa/shared/schemas/auth';
import { api } from '../../../lib/api';
import { usersListKey } from './get-users';

/** POST /users → UserView. ERR_DUPLICATED_EMAIL, ERR_MAX_USERS_REACHED, ERR_USER_CREATION_DISABLED. */
export const createUser = (body: CreateUserBody): Promise<UserView> => api.post<UserView>('/users', body);

export function useCreateUser(options: { onSuccess?: (user: UserView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      void qc.invalidateQueries({ queryKey: usersListKey });
      options.onSuccess?.(user);
    },
  });
}
