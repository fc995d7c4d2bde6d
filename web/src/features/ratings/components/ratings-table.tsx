import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';
import { DataTable, PagedScroll } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<RatingsPage>>;
  onEdit(r: RatingView): void;
  onDelete(r: RatingView): void;
};

/** Name, general (Ativo/Inativo) and actions (spec 3 "Ratings list"); 20 per page, more on scroll. */
export function RatingsTable({ query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.ratings) ?? [];

  if (query.isPending || (query.isError && rows.length === 0)) return <LoadState query={query} />;

  return (
    <PagedScroll query={query} rowCount={rows.length} loadingMore={t('ratings.loadingMore')} testId="ratings-scroll">
      <DataTable
        className="ratings-table"
        rows={rows}
        rowKey={(r) => r.id}
        rowAttrs={(r) => ({ 'data-testid': `rating-${r.id}` })}
        empty={t('ratings.empty')}
        columns={[
          { key: 'name', header: t('ratings.colName'), cellClassName: 'cell-strong cell-wrap', cell: (r) => r.name },
          { key: 'options', header: t('ratings.colOptions'), className: 'hide-sm', cellClassName: 'ratings-table__options', cell: (r) => r.options.map((o) => `${o.name} (${o.value})`).join(', ') },
          {
            key: 'geral',
            header: t('ratings.colGeral'),
            cell: (r) => (
              <Badge size="small" variation={r.geral ? 'success' : undefined}>
                {r.geral ? t('ratings.active') : t('ratings.inactive')}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (r) => <EditDeleteButtons editLabel={t('ratings.editRating', { name: r.name })} deleteLabel={t('ratings.deleteRating', { name: r.name })} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />,
          },
        ]}
      />
    </PagedScroll>
  );
}
