import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { userDetailKey } from '../api/get-user';
import { usersListKey, type UsersPage } from '../api/get-users';
import { matchesSearch, removeUser, upsertUser } from '../lib/users-cache';

/**
 * `company-{id}-user` (spec 2 §4): create / update / delete keep every cached list current; an
 * update may carry only a user's online flag.
 */
export function useUsersRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.user(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<UsersPage>>({ queryKey: usersListKey });
    if (data.action === 'delete') {
      qc.removeQueries({ queryKey: userDetailKey(data.userId) });
      for (const [key, list] of lists) qc.setQueryData(key, removeUser(list, data.userId));
      return;
    }
    const user = data.user;
    qc.setQueryData(userDetailKey(user.id), (old: UserView | undefined) => (old ? { ...old, ...user } : old));
    for (const [key, list] of lists) {
      const search = (key[2] as { searchParam?: string } | undefined)?.searchParam ?? '';
      qc.setQueryData(key, data.action === 'create' ? upsertUser(list, data.user, matchesSearch(data.user, search)) : upsertUser(list, user, false));
    }
  });
}
