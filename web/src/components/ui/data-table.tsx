import { useCallback, useEffect, useRef, type Key, type ReactNode, type UIEvent } from 'react';
import { Loader } from '@aws-amplify/ui-react';

export type Column<T> = {
  key: string;
  header: ReactNode;
  /** On the header and the cells: widths, `hide-sm` (hidden at phone widths). */
  className?: string;
  /** On the cells only. */
  cellClassName?: string;
  /** The cell's `data-label` (its column's name where phone widths stack the cells): the header when it is text; false for none. */
  label?: string | false;
  cell(row: T): ReactNode;
};

type RowAttrs = { className?: string } & { [data: `data-${string}`]: string | undefined };

type Props<T> = {
  /** `false` leaves a column out (one shown to admins only, say). */
  columns: readonly (Column<T> | false)[];
  rows: readonly T[];
  rowKey(row: T): Key;
  /** Shown in the one row of an empty table. */
  empty: ReactNode;
  rowAttrs?(row: T): RowAttrs;
  className?: string;
  testId?: string;
};

/** The lists' table (`.data-table`): a header row, a row per item, and the empty row. */
export function DataTable<T>({ columns, rows, rowKey, empty, rowAttrs, className, testId }: Props<T>) {
  const cols = columns.filter((c): c is Column<T> => c !== false);
  return (
    <table className={className ? `data-table ${className}` : 'data-table'} data-testid={testId}>
      <thead>
        <tr>
          {cols.map((c) => (
            <th scope="col" key={c.key} className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={cols.length} className="data-table__empty">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttrs?.(row)}>
              {cols.map((c) => (
                <td key={c.key} className={[c.className, c.cellClassName].filter(Boolean).join(' ') || undefined} data-label={c.label === false ? undefined : (c.label ?? (typeof c.header === 'string' ? c.header : undefined))}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The next page loads when the list is scrolled within this distance of its end (spec 1 §2, spec 2 §9, spec 3 §9). */
export const SCROLL_THRESHOLD_PX = 100;

export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, threshold = SCROLL_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < threshold;
}

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };

/**
 * A scroll box around a paged list: it asks for the next page when scrolled near its end, and
 * shows `loadingMore` while one loads. A first page shorter than the box cannot be scrolled, so it
 * keeps loading until the box scrolls or the list ends.
 */
export function PagedScroll({ query, rowCount, loadingMore, testId, children }: { query: Paged; rowCount: number; loadingMore: ReactNode; testId?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const maybeLoadMore = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && nearBottom(el) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  useEffect(() => maybeLoadMore(ref.current), [maybeLoadMore, rowCount]);
  return (
    <div className="table-scroll" ref={ref} onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoadMore(e.currentTarget)} data-testid={testId}>
      {children}
      {isFetchingNextPage ? (
        <div className="list-more">
          <Loader /> {loadingMore}
        </div>
      ) : null}
    </div>
  );
}
