import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Download, Users } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactListsPage, ContactListView } from '@conversa/shared/schemas/contact-lists';
import { paths } from '../../../config/paths';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { SAMPLE_HREF } from '../lib/list-import';

type Props = { query: UseInfiniteQueryResult<InfiniteData<ContactListsPage>>; onEdit(l: ContactListView): void; onDelete(l: ContactListView): void };

/** Name and contacts count; actions: the sample spreadsheet, the list's contacts, edit, delete (spec 3 "Contact lists page"). */
export function ContactListsTable({ query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;
  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('contactLists.loadingMore')} testId="contact-lists-scroll">
      <DataTable
        className="contact-lists-table"
        rows={rows}
        rowKey={(l) => l.id}
        rowAttrs={(l) => ({ 'data-testid': `contact-list-${l.id}` })}
        empty={t('contactLists.empty')}
        columns={[
          { key: 'name', header: t('contactLists.colName'), cellClassName: 'cell-strong cell-wrap', cell: (l) => <Link to={paths.app.contactListContacts.getHref(l.id)}>{l.name}</Link> },
          { key: 'count', header: t('contactLists.colContacts'), cellClassName: 'cell-nowrap', cell: (l) => <span data-testid="contacts-count">{l.contactsCount}</span> },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (l) => (
              <>
                <a className="icon-button" href={SAMPLE_HREF} download aria-label={t('contactLists.downloadSample')} title={t('contactLists.downloadSample')}>
                  <Download size={18} aria-hidden />
                </a>
                <Link className="icon-button" to={paths.app.contactListContacts.getHref(l.id)} aria-label={t('contactLists.openItems', { name: l.name })} title={t('contactLists.openItems', { name: l.name })}>
                  <Users size={18} aria-hidden />
                </Link>
                <EditDeleteButtons editLabel={t('contactLists.edit', { name: l.name })} deleteLabel={t('contactLists.remove', { name: l.name })} onEdit={() => onEdit(l)} onDelete={() => onDelete(l)} />
              </>
            ),
          },
        ]}
      />
    </PagedScroll>
  );
}
