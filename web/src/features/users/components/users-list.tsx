import { useCallback, useEffect, useRef, type UIEvent } from 'react';
import { Badge, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@conversa/shared/schemas/auth';
import { useUser } from '../../../lib/auth';
import { useUsers } from '../api/get-users';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

/** Loads the next page when the list is scrolled within this distance of its end (spec 2 §9). */
export const SCROLL_THRESHOLD_PX = 100;

export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, threshold = SCROLL_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < threshold;
}

type Props = { search: string; onEdit(user: UserView): void; onDelete(user: UserView): void };

export function UsersList({ search, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const users = useUsers(search);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = users;

  const maybeLoadMore = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && nearBottom(el) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A first page shorter than the box cannot be scrolled: keep loading until it can, or the end.
  useEffect(() => maybeLoadMore(scrollRef.current), [maybeLoadMore, rows.length]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => maybeLoadMore(e.currentTarget);

  if (users.isPending || (users.isError && rows.length === 0)) return <LoadState query={users} />;

  return (
    <div className="table-scroll" ref={scrollRef} onScroll={onScroll} data-testid="users-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col" className="col-id">{t('users.colId')}</th>
            <th scope="col">{t('users.colName')}</th>
            <th scope="col">{t('users.colEmail')}</th>
            <th scope="col">{t('users.colProfile')}</th>
            <th scope="col" className="hide-sm">{t('users.colHours')}</th>
            <th scope="col">{t('users.colStatus')}</th>
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="data-table__empty">
                {t('users.empty')}
              </td>
            </tr>
          ) : (
            rows.map((u) => (
              <tr key={u.id}>
                <td className="col-id" data-label={t('users.colId')}>{u.id}</td>
                <td data-label={t('users.colName')} className="cell-strong">
                  {u.name}
                  {u.id === me.id ? <span className="muted"> ({t('layout.you')})</span> : null}
                </td>
                <td data-label={t('users.colEmail')} className="cell-wrap">{u.email}</td>
                <td data-label={t('users.colProfile')}>
                  <Badge size="small" variation={u.profile === 'admin' ? 'info' : undefined}>
                    {t(`users.profiles.${u.profile}`)}
                  </Badge>
                  {u.super ? (
                    <Badge size="small" variation="warning" marginInlineStart="0.25rem">
                      {t('users.super')}
                    </Badge>
                  ) : null}
                </td>
                <td className="hide-sm" data-label={t('users.colHours')}>
                  {u.startWork}–{u.endWork}
                </td>
                <td data-label={t('users.colStatus')}>
                  <span className={`status-dot ${u.online ? 'status-dot--on' : ''}`} aria-hidden />
                  {u.online ? t('users.online') : t('users.offline')}
                </td>
                <td className="col-actions">
                  <EditDeleteButtons editLabel={t('users.editUser', { name: u.name })} deleteLabel={t('users.deleteUser', { name: u.name })} onEdit={() => onEdit(u)} onDelete={() => onDelete(u)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {users.isFetchingNextPage ? (
        <div className="list-more">
          <Loader /> {t('users.loadingMore')}
        </div>
      ) : null}
    </div>
  );
}
