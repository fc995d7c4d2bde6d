import { useTranslation } from 'react-i18next';
import { Megaphone } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TagRecord, TagsPage } from '@conversa/shared/schemas/tags';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import type { TagKind } from '../api/get-tags-page';
import { TagChip } from './tag-chip';

type Props = {
  kanban: TagKind;
  query: UseInfiniteQueryResult<InfiniteData<TagsPage>>;
  onEdit(t: TagRecord): void;
  onDelete(t: TagRecord): void;
};

/** ID, the name as a chip in its colour, the tickets it is on, actions (spec 3 "Tags list", "Lanes screen"); more on scroll. */
export function TagsTable({ kanban, query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.tags) ?? [];
  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('tags.loadingMore')} testId="tags-scroll">
      <DataTable
        className="tags-table"
        rows={rows}
        rowKey={(x) => x.id}
        rowAttrs={(x) => ({ 'data-testid': `tag-${x.id}` })}
        empty={kanban ? t('tags.emptyLanes') : t('tags.empty')}
        columns={[
          { key: 'id', header: t('tags.colId'), className: 'tags-table__id', cell: (x) => x.id },
          {
            key: 'name',
            header: t('tags.colName'),
            cellClassName: 'cell-wrap tags-table__name-cell',
            cell: (x) => (
              <span className="tags-table__name">
                <TagChip name={x.name} color={x.color} />
                {kanban && x.actCamp === 1 ? (
                  <span className="tags-table__campaign" title={t('tags.campaignOn')}>
                    <Megaphone size={14} aria-hidden />
                    <span className="visually-hidden">{t('tags.campaignOn')}</span>
                  </span>
                ) : null}
              </span>
            ),
          },
          { key: 'tickets', header: t('tags.colTickets'), className: 'tags-table__count', cellClassName: 'cell-nowrap', cell: (x) => <span data-testid="tag-count">{x.ticketsCount}</span> },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (x) => <EditDeleteButtons editLabel={t('tags.edit', { name: x.name })} deleteLabel={t('tags.remove', { name: x.name })} onEdit={() => onEdit(x)} onDelete={() => onDelete(x)} />,
          },
        ]}
      />
    </PagedScroll>
  );
}
