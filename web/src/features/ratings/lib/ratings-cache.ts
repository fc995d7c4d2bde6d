/** Pure edits of the cached ratings pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';

type Data = InfiniteData<RatingsPage> | undefined;

/**
 * Replaces the rating where it is listed; with `addIfMissing`, puts it at the top and counts it.
 * A geral rating turns every other listed one off: the company has one active rating.
 */
export function upsertRating(data: Data, rating: RatingView, addIfMissing = false): Data {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    ratings: p.ratings.map((r) => {
      if (r.id === rating.id) {
        found = true;
        return { ...r, ...rating };
      }
      return rating.geral && r.geral ? { ...r, geral: false } : r;
    }),
  }));
  if (!found && addIfMissing && pages[0]) {
    for (let i = 0; i < pages.length; i++) pages[i] = { ...pages[i]!, count: pages[i]!.count + 1 };
    pages[0] = { ...pages[0]!, ratings: [rating, ...pages[0]!.ratings] };
  }
  return { ...data, pages };
}

/** Drops the rating; the count shrinks only when it was listed. */
export function removeRating(data: Data, id: number): Data {
  if (!data) return data;
  if (!data.pages.some((p) => p.ratings.some((r) => r.id === id))) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1), ratings: p.ratings.filter((r) => r.id !== id) })) };
}

/** The search a list was made for matches the rating's name. */
export function matchesSearch(rating: Pick<RatingView, 'name'>, search: string): boolean {
  const s = search.trim().toLowerCase();
  return !s || rating.name.toLowerCase().includes(s);
}
