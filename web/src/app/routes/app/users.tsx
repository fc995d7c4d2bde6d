import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { UserView } from '@conversa/shared/schemas/auth';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSearch } from '../../../components/ui/list-search';
import { useDeleteUser } from '../../../features/users/api/delete-user';
import { useResetTwoFactor } from '../../../features/users/api/reset-two-factor';
import { UserModal } from '../../../features/users/components/user-modal';
import { UsersList } from '../../../features/users/components/users-list';
import { useUsersRealtime } from '../../../features/users/hooks/use-users-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

export default function UsersRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [modal, setModal] = useState<{ open: boolean; userId?: number }>({ open: false });
  const [toDelete, setToDelete] = useState<UserView | undefined>();
  const del = useDeleteUser({
    onSuccess: () => {
      toast.success(t('users.deleted'));
      setToDelete(undefined);
    },
  });
  const [toReset, setToReset] = useState<UserView | undefined>();
  const reset = useResetTwoFactor({
    onSuccess: () => {
      toast.success(t('users.reset2faDone'));
      setToReset(undefined);
    },
  });
  useUsersRealtime(me.companyId);

  return (
    <ContentLayout
      title={t('users.title')}
      fill
      actions={
        <>
          <ListSearch label={t('users.search')} value={search} onChange={setSearch} />
          <Button variation="primary" size="small" onClick={() => setModal({ open: true })} gap="0.4rem">
            <UserPlus size={16} aria-hidden />
            {t('users.add')}
          </Button>
        </>
      }
    >
      <div className="card card--fill">
        <UsersList search={debounced} onEdit={(u) => setModal({ open: true, userId: u.id })} onDelete={setToDelete} onResetTwoFactor={setToReset} />
      </div>
      <UserModal open={modal.open} userId={modal.userId} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('users.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('users.deleteMessage')}
      </ConfirmDialog>
      <ConfirmDialog
        open={toReset !== undefined}
        title={t('users.reset2faTitle', { name: toReset?.name ?? '' })}
        confirmLabel={t('users.reset')}
        danger
        busy={reset.isPending}
        onClose={() => setToReset(undefined)}
        onConfirm={() => toReset && reset.mutate(toReset)}
      >
        {t('users.reset2faMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
