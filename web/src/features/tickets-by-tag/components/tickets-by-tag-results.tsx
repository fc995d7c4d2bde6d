import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import type { TicketsByTag } from '../api/get-tickets-by-tag';

/** The tickets found: contact name, number and e-mail, each row opening /tickets/{uuid} (spec 3 "Tickets by tag"). */
export function TicketsByTagResults({ found }: { found: TicketsByTag }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted tickets-by-tag__count" role="status">
        {found.hasMore ? t('ticketsByTag.more', { count: found.tickets.length }) : t('ticketsByTag.found', { count: found.tickets.length })}
      </p>
      <DataTable
        className="tickets-by-tag-table"
        testId="tickets-by-tag"
        rows={found.tickets}
        rowKey={(x) => x.id}
        rowAttrs={(x) => ({ 'data-testid': `tbt-${x.id}` })}
        empty={t('ticketsByTag.none')}
        columns={[
          {
            key: 'name',
            header: t('ticketsByTag.colName'),
            cellClassName: 'cell-strong cell-wrap',
            cell: (x) => (
              <Link to={paths.app.ticket.getHref(x.uuid)} aria-label={t('ticketsByTag.open', { id: x.id, name: x.contact.name })}>
                {x.contact.name}
              </Link>
            ),
          },
          { key: 'number', header: t('ticketsByTag.colNumber'), cellClassName: 'cell-nowrap', cell: (x) => x.contact.number },
          { key: 'email', header: t('ticketsByTag.colEmail'), cellClassName: 'cell-wrap', cell: (x) => x.contact.email || '—' },
          { key: 'ticket', header: t('ticketsByTag.colTicket'), cell: (x) => <Link to={paths.app.ticket.getHref(x.uuid)}>#{x.id}</Link> },
        ]}
      />
    </>
  );
}
