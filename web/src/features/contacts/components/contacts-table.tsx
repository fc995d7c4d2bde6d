import { useCallback, useEffect, useRef, type UIEvent } from 'react';
import { Badge, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Ban, CircleCheck, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactsPage } from '@conversa/shared/schemas/contacts';
import { LoadState } from '../../../components/ui/load-state';

/** The next page loads when the list is scrolled within this distance of its end (spec 1 §2). */
export const SCROLL_THRESHOLD_PX = 100;
const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX;

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<ContactsPage>>;
  /** Numbers and block/unblock are for admins only (spec 2 "Contacts list"). */
  admin: boolean;
  /** 'contacts-page:deleteContact' (admin today). */
  canDelete: boolean;
  chatBusy: boolean;
  onChat(c: ContactView): void;
  onEdit(c: ContactView): void;
  onDelete(c: ContactView): void;
  onToggleBlock(c: ContactView): void;
};

function Avatar({ contact }: { contact: ContactView }) {
  return (
    <span className="contact-avatar" aria-hidden>
      {contact.profilePicUrl ? <img src={contact.profilePicUrl} alt="" loading="lazy" referrerPolicy="no-referrer" /> : (contact.name.trim()[0] ?? '#')}
    </span>
  );
}

export function ContactsTable({ query, admin, canDelete, chatBusy, onChat, onEdit, onDelete, onToggleBlock }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const maybeLoadMore = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && nearBottom(el) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  // A first page shorter than the box cannot be scrolled: keep loading until it can, or the end.
  useEffect(() => maybeLoadMore(scrollRef.current), [maybeLoadMore, rows.length]);

  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;
  const cols = admin ? 5 : 3;

  return (
    <div className="table-scroll" ref={scrollRef} onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoadMore(e.currentTarget)} data-testid="contacts-scroll">
      <table className="data-table contacts-table">
        <thead>
          <tr>
            <th scope="col">{t('contacts.colName')}</th>
            {admin ? <th scope="col">{t('contacts.colNumber')}</th> : null}
            <th scope="col">{t('contacts.colEmail')}</th>
            {admin ? <th scope="col" className="hide-sm">{t('contacts.colStatus')}</th> : null}
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={cols} className="data-table__empty">
                {t('contacts.empty')}
              </td>
            </tr>
          ) : (
            rows.map((c) => (
              <tr key={c.id} data-testid={`contact-${c.id}`} className={c.active ? undefined : 'contact-row--blocked'}>
                <td className="cell-strong contact-name-cell" data-label={t('contacts.colName')}>
                  <span className="contact-cell">
                    <Avatar contact={c} />
                    <span className="contact-name">{c.name}</span>
                    {c.isGroup ? <Badge size="small">{t('contacts.group')}</Badge> : null}
                  </span>
                </td>
                {admin ? <td data-label={t('contacts.colNumber')}>{c.number}</td> : null}
                <td className="cell-wrap" data-label={t('contacts.colEmail')}>{c.email}</td>
                {admin ? (
                  <td className="hide-sm" data-label={t('contacts.colStatus')}>
                    <Badge size="small" variation={c.active ? 'success' : 'error'}>
                      {c.active ? t('contacts.active') : t('contacts.blocked')}
                    </Badge>
                  </td>
                ) : null}
                <td className="col-actions">
                  <button type="button" className="icon-button" aria-label={t('contacts.chatWith', { name: c.name })} title={t('contacts.modal.chat')} disabled={chatBusy || !c.number} onClick={() => onChat(c)}>
                    <MessageCircle size={18} aria-hidden />
                  </button>
                  <button type="button" className="icon-button" aria-label={t('contacts.editContact', { name: c.name })} title={t('common.edit')} onClick={() => onEdit(c)}>
                    <Pencil size={18} aria-hidden />
                  </button>
                  {admin ? (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={c.active ? t('contacts.block', { name: c.name }) : t('contacts.unblock', { name: c.name })}
                        title={c.active ? t('contacts.block', { name: '' }) : t('contacts.unblock', { name: '' })}
                        onClick={() => onToggleBlock(c)}
                      >
                        {c.active ? <Ban size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}
                      </button>
                  ) : null}
                  {canDelete ? (
                    <button type="button" className="icon-button icon-button--danger" aria-label={t('contacts.deleteContact', { name: c.name })} title={t('common.delete')} onClick={() => onDelete(c)}>
                      <Trash2 size={18} aria-hidden />
                    </button>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {query.isFetchingNextPage ? (
        <div className="list-more">
          <Loader /> {t('contacts.loadingMore')}
        </div>
      ) : null}
    </div>
  );
}
