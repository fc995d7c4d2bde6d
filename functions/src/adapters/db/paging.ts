/**
 * The spec's pages (pageNumber, or an opaque cursor) over a Query read page by page: skips the
 * pages before `pageNumber`, collects one row more than the page (is there more?), and reads at
 * most 10 Query pages a request when a filter keeps few rows (a short page then carries a cursor).
 */
import { encodeCursor } from './keys';

type Key = Record<string, unknown>;
export type QueryPage<T> = { items: T[]; last?: Key };

export async function pageOf<T>(
  read: (after: Key | undefined, limit: number) => Promise<QueryPage<T>>,
  o: { after?: Key; pageNumber?: number; limit: number; filtered: boolean; keyOf: (row: T) => Key },
): Promise<{ rows: T[]; hasMore: boolean; cursor?: string }> {
  let after = o.after;
  let skip = after ? 0 : ((o.pageNumber ?? 1) - 1) * o.limit;
  const rows: T[] = [];
  let rounds = 0;
  do {
    const page = await read(after, o.filtered ? 200 : skip + o.limit + 1 - rows.length);
    for (const r of page.items) {
      if (skip > 0) skip--;
      else rows.push(r);
    }
    after = page.last;
    rounds++;
  } while (after && rows.length <= o.limit && rounds < 10);
  const kept = rows.slice(0, o.limit);
  const last = kept[kept.length - 1];
  // More rows than the page: go on after its last; else what the query had not read yet.
  const hasMore = rows.length > o.limit || Boolean(after);
  const cursorKey = rows.length > o.limit && last ? o.keyOf(last) : after;
  return { rows: kept, hasMore, ...(hasMore && cursorKey ? { cursor: encodeCursor(cursorKey) } : {}) };
}
