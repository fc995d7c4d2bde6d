import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import type { UserView } from '@conversa/shared/schemas/auth';
import { useUser } from '../../../lib/auth';
import { useUsers } from '../api/get-users';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = { search: string; onEdit(user: UserView): void; onDelete(user: UserView): void; onResetTwoFactor(user: UserView): void };

/** Spec 2 "Users list": 20 per page, the next page on scrolling near the end (spec 2 §9). */
export function UsersList({ search, onEdit, onDelete, onResetTwoFactor }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const users = useUsers(search);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];

  if (users.isPending || (users.isError && rows.length === 0)) return <LoadState query={users} />;

  return (
    <PagedScroll query={users} rowCount={rows.length} loadingMore={t('users.loadingMore')} testId="users-scroll">
      <DataTable
        rows={rows}
        rowKey={(u) => u.id}
        empty={t('users.empty')}
        columns={[
          { key: 'id', header: t('users.colId'), className: 'col-id', cell: (u) => u.id },
          {
            key: 'name',
            header: t('users.colName'),
            cellClassName: 'cell-strong',
            cell: (u) => (
              <>
                {u.name}
                {u.id === me.id ? <span className="muted"> ({t('layout.you')})</span> : null}
                {u.twoFactor ? (
                  <span className="user-2fa" title={t('users.twoFactorOn')} aria-label={t('users.twoFactorOn')} role="img">
                    <ShieldCheck size={15} aria-hidden />
                  </span>
                ) : null}
              </>
            ),
          },
          { key: 'email', header: t('users.colEmail'), cellClassName: 'cell-wrap', cell: (u) => u.email },
          {
            key: 'profile',
            header: t('users.colProfile'),
            cell: (u) => (
              <>
                <Badge size="small" variation={u.profile === 'admin' ? 'info' : undefined}>
                  {t(`users.profiles.${u.profile}`)}
                </Badge>
                {u.super ? (
                  <Badge size="small" variation="warning" marginInlineStart="0.25rem">
                    {t('users.super')}
                  </Badge>
                ) : null}
              </>
            ),
          },
          { key: 'hours', header: t('users.colHours'), className: 'hide-sm', cell: (u) => `${u.startWork}–${u.endWork}` },
          {
            key: 'status',
            header: t('users.colStatus'),
            cell: (u) => (
              <>
                <span className={`status-dot ${u.online ? 'status-dot--on' : ''}`} aria-hidden />
                {u.online ? t('users.online') : t('users.offline')}
              </>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (u) => (
              <>
                {u.twoFactor ? (
                  <button type="button" className="icon-button" aria-label={t('users.reset2fa', { name: u.name })} title={t('users.reset2fa', { name: u.name })} onClick={() => onResetTwoFactor(u)}>
                    <ShieldOff size={18} aria-hidden />
                  </button>
                ) : null}
                <EditDeleteButtons editLabel={t('users.editUser', { name: u.name })} deleteLabel={t('users.deleteUser', { name: u.name })} onEdit={() => onEdit(u)} onDelete={() => onDelete(u)} />
              </>
            ),
          },
        ]}
      />
    </PagedScroll>
  );
}
