import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleQuestionMark, CircleX, Pencil, Trash2 } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactListItemsPage, ContactListItemView } from '@conversa/shared/schemas/contact-lists';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<ContactListItemsPage>>;
  onEdit(i: ContactListItemView): void;
  /** Absent without 'contacts-page:deleteContact': no delete button. */
  onDelete?(i: ContactListItemView): void;
};

function ValidIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  const label = valid === true ? t('contactLists.items.valid') : valid === false ? t('contactLists.items.invalid') : t('contactLists.items.unknown');
  const Icon = valid === true ? CircleCheck : valid === false ? CircleX : CircleQuestionMark;
  return (
    <span className={`list-valid list-valid--${String(valid)}`} role="img" aria-label={label} title={label} data-valid={String(valid)}>
      <Icon size={18} aria-hidden />
    </span>
  );
}

/** WhatsApp-valid icon, company, name, number, e-mail, edit and delete (spec 3 "Contact list items page"). */
export function ListItemsTable({ query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;
  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('contactLists.items.loadingMore')} testId="list-items-scroll">
      <DataTable
        className="list-items-table"
        rows={rows}
        rowKey={(i) => i.id}
        rowAttrs={(i) => ({ 'data-testid': `list-item-${i.id}` })}
        empty={t('contactLists.items.empty')}
        columns={[
          { key: 'valid', header: t('contactLists.items.colValid'), label: false, cell: (i) => <ValidIcon valid={i.isWhatsappValid} /> },
          { key: 'empresa', header: t('contactLists.items.colCompany'), cellClassName: 'cell-wrap', cell: (i) => i.empresa },
          { key: 'name', header: t('contactLists.items.colName'), cellClassName: 'cell-strong cell-wrap', cell: (i) => i.name },
          { key: 'number', header: t('contactLists.items.colNumber'), cellClassName: 'cell-nowrap', cell: (i) => i.number },
          { key: 'email', header: t('contactLists.items.colEmail'), cellClassName: 'cell-wrap', cell: (i) => i.email },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (i) => (
              <>
                <button type="button" className="icon-button" aria-label={t('contactLists.items.edit', { name: i.name })} title={t('common.edit')} onClick={() => onEdit(i)}>
                  <Pencil size={18} aria-hidden />
                </button>
                {onDelete ? (
                  <button type="button" className="icon-button icon-button--danger" aria-label={t('contactLists.items.remove', { name: i.name })} title={t('common.delete')} onClick={() => onDelete(i)}>
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
