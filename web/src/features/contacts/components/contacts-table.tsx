import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Ban, CircleCheck, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactsPage } from '@conversa/shared/schemas/contacts';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';

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

  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('contacts.loadingMore')} testId="contacts-scroll">
      <DataTable
        className="contacts-table"
        rows={rows}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ 'data-testid': `contact-${c.id}`, className: c.active ? undefined : 'contact-row--blocked' })}
        empty={t('contacts.empty')}
        columns={[
          {
            key: 'name',
            header: t('contacts.colName'),
            cellClassName: 'cell-strong contact-name-cell',
            cell: (c) => (
              <span className="contact-cell">
                <Avatar contact={c} />
                <span className="contact-name">{c.name}</span>
                {c.isGroup ? <Badge size="small">{t('contacts.group')}</Badge> : null}
              </span>
            ),
          },
          admin && { key: 'number', header: t('contacts.colNumber'), cell: (c) => c.number },
          { key: 'email', header: t('contacts.colEmail'), cellClassName: 'cell-wrap', cell: (c) => c.email },
          admin && {
            key: 'status',
            header: t('contacts.colStatus'),
            className: 'hide-sm',
            cell: (c) => (
              <Badge size="small" variation={c.active ? 'success' : 'error'}>
                {c.active ? t('contacts.active') : t('contacts.blocked')}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (c) => (
              <>
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
              </>
            ),
          },
        ]}
      />
    </PagedScroll>
  );
}
