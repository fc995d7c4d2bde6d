/** Pure edits of the cached ratings pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import { losesGeneralMark } from '@conversa/shared/general-rating';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';

type Data = InfiniteData<RatingsPage> | undefined;

/**
 * Replaces the rating where it is listed. A geral rating turns every other listed one off: the
 * company has one active rating.
 */
export function upsertRating(data: Data, rating: RatingView): Data {
  if (!data) return data;
  const pages = data.pages.map((p) => ({
    ...p,
    ratings: p.ratings.map((r) => (r.id === rating.id ? { ...r, ...rating } : losesGeneralMark(r, rating) ? { ...r, geral: false } : r)),
  }));
  return { ...data, pages };
}

/** The list holds the rating (else a new one: the list is read again to place it in order). */
export const isListed = (data: Data, id: number): boolean => Boolean(data?.pages.some((p) => p.ratings.some((r) => r.id === id)));

/** Drops the rating; the count shrinks only when it was listed. */
export function removeRating(data: Data, id: number): Data {
  if (!data) return data;
  if (!isListed(data, id)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1), ratings: p.ratings.filter((r) => r.id !== id) })) };
}
