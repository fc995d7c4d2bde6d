import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { RatingsPage, RatingView } from '@conversa/shared/schemas/ratings';
import { isListed, removeRating, upsertRating } from './ratings-cache';

const rating = (id: number, over: Partial<RatingView> = {}): RatingView => ({ id, name: `Avaliação ${id}`, message: 'Nota?', geral: false, options: [{ name: 'Bom', value: 1 }], userId: 1, createdAt: '', updatedAt: '', ...over });
const data = (...pages: RatingView[][]): InfiniteData<RatingsPage> => ({
  pages: pages.map((ratings, i) => ({ ratings, count: pages.flat().length, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => ({ page: i + 1 })),
});

describe('ratings cache', () => {
  it('replaces a listed rating in place', () => {
    const out = upsertRating(data([rating(1), rating(2)]), rating(2, { name: 'Nova' }));
    expect(out?.pages[0]?.ratings.map((r) => r.name)).toEqual(['Avaliação 1', 'Nova']);
  });

  it('knows whether a list holds a rating; an unlisted one is not added in place', () => {
    const d = data([rating(1)], [rating(2)]);
    expect([isListed(d, 2), isListed(d, 3), isListed(undefined, 1)]).toEqual([true, false, false]);
    expect(upsertRating(d, rating(3))?.pages.flatMap((p) => p.ratings.map((r) => r.id))).toEqual([1, 2]);
  });

  it('a geral rating turns the other geral one off', () => {
    const out = upsertRating(data([rating(1, { geral: true }), rating(2)]), rating(2, { geral: true }));
    expect(out?.pages[0]?.ratings.map((r) => r.geral)).toEqual([false, true]);
  });

  it('removes a listed rating and lowers the count; an unknown id changes nothing', () => {
    const d = data([rating(1), rating(2)]);
    const out = removeRating(d, 1);
    expect(out?.pages[0]?.ratings.map((r) => r.id)).toEqual([2]);
    expect(out?.pages[0]?.count).toBe(1);
    expect(removeRating(d, 9)).toBe(d);
  });
});
