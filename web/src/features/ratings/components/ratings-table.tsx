import { useCallback, useEffect, useRef, type UIEvent } from 'react';
import { Badge, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

/** The next page loads when the list is scrolled within this distance of its end (spec 3 §9). */
const SCROLL_THRESHOLD_PX = 100;
const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX;

type Props = {
  query: UseInfiniteQueryResult<InfiniteData<RatingsPage>>;
  onEdit(r: RatingView): void;
  onDelete(r: RatingView): void;
};

/** Name, general (Ativo/Inativo) and actions (spec 3 "Ratings list"); 20 per page, more on scroll. */
export function RatingsTable({ query, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((p) => p.ratings) ?? [];
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

  return (
    <div className="table-scroll" ref={scrollRef} onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoadMore(e.currentTarget)} data-testid="ratings-scroll">
      <table className="data-table ratings-table">
        <thead>
          <tr>
            <th scope="col">{t('ratings.colName')}</th>
            <th scope="col" className="hide-sm">{t('ratings.colOptions')}</th>
            <th scope="col">{t('ratings.colGeral')}</th>
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="data-table__empty">
                {t('ratings.empty')}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} data-testid={`rating-${r.id}`}>
                <td className="cell-strong cell-wrap" data-label={t('ratings.colName')}>{r.name}</td>
                <td className="hide-sm ratings-table__options" data-label={t('ratings.colOptions')}>
                  {r.options.map((o) => `${o.name} (${o.value})`).join(', ')}
                </td>
                <td data-label={t('ratings.colGeral')}>
                  <Badge size="small" variation={r.geral ? 'success' : undefined}>
                    {r.geral ? t('ratings.active') : t('ratings.inactive')}
                  </Badge>
                </td>
                <td className="col-actions">
                  <EditDeleteButtons editLabel={t('ratings.editRating', { name: r.name })} deleteLabel={t('ratings.deleteRating', { name: r.name })} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {query.isFetchingNextPage ? (
        <div className="list-more">
          <Loader /> {t('ratings.loadingMore')}
        </div>
      ) : null}
    </div>
  );
}
