import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserView } from '@conversa/shared/schemas/auth';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { userDetailKey } from '../api/get-user';
import { usersListKey, type UsersPage } from '../api/get-users';
import { matchesSearch, removeUser, upsertUser } from '../lib/users-cache';

type UserEvent = { action: 'create' | 'update' | 'delete'; user?: UserView; userId?: number };

/** `company-{id}-user` (spec 2 §4): create / update / delete keep every cached list current. */
export function useUsersRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel<UserEvent>(channel.user(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<UsersPage>>({ queryKey: usersListKey });
    if ((data.action === 'create' || data.action === 'update') && data.user) {
      const user = data.user;
      qc.setQueryData(userDetailKey(user.id), (old: UserView | undefined) => (old ? { ...old, ...user } : old));
      for (const [key, list] of lists) {
        const search = (key[2] as { searchParam?: string } | undefined)?.searchParam ?? '';
        qc.setQueryData(key, upsertUser(list, user, data.action === 'create' && matchesSearch(user, search)));
      }
    } else if (data.action === 'delete') {
      const id = data.userId ?? data.user?.id;
      if (id === undefined) return;
      qc.removeQueries({ queryKey: userDetailKey(id) });
      for (const [key, list] of lists) qc.setQueryData(key, removeUser(list, id));
    }
  });
}
