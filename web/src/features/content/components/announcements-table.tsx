import { useTranslation } from 'react-i18next';
import type { AnnouncementView } from '@conversa/shared/schemas/announcements';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import type { useAnnouncements } from '../api/announcements';

type Props = { query: ReturnType<typeof useAnnouncements>; onEdit(a: AnnouncementView): void; onDelete(a: AnnouncementView): void };

/** /announcements: title, priority, status, attachment; infinite scroll. */
export function AnnouncementsTable({ query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  if (query.isPending || query.isError) return <LoadState query={query} />;
  const rows = query.data.pages.flatMap((p) => p.records);
  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('content.announcements.loadingMore')} testId="announcements-scroll">
      <DataTable
        testId="announcements-table"
        rows={rows}
        rowKey={(a) => a.id}
        empty={t('content.announcements.empty')}
        columns={[
          { key: 'title', header: t('content.announcements.colTitle'), cell: (a) => a.title },
          { key: 'priority', header: t('content.announcements.colPriority'), cell: (a) => <span className={`priority-chip priority-chip--${a.priority}`}>{t(`content.announcements.priority.${a.priority}`)}</span> },
          { key: 'status', header: t('content.announcements.colStatus'), cell: (a) => t(a.status ? 'content.announcements.active' : 'content.announcements.inactive') },
          {
            key: 'media',
            header: t('content.announcements.colMedia'),
            className: 'hide-sm',
            cell: (a) =>
              a.mediaPath ? (
                <a href={a.mediaPath} target="_blank" rel="noreferrer noopener">
                  {a.mediaName}
                </a>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            header: t('content.announcements.actions'),
            label: false,
            cell: (a) => <EditDeleteButtons editLabel={t('content.announcements.edit', { title: a.title })} deleteLabel={t('content.announcements.remove', { title: a.title })} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />,
          },
        ]}
      />
    </PagedScroll>
  );
}
