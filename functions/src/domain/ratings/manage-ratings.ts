/**
 * Ratings (spec 3 "Ratings list", §3 Rating, §5): satisfaction menus an agent sends when resolving
 * a ticket. Admins manage them; every signed-in user lists them in the resolve dialog.
 *
 * `geral` marks the company's general rating, the one the resolve dialog offers first. At most one
 * rating is general: marking another moves the mark (the previous one loses it, in the same
 * transaction: adapters/db/ratings.ts), so the dialog never has to choose between two.
 */
import { RATINGS_PAGE_SIZE } from '@conversa/shared/constants';
import { losesGeneralMark } from '@conversa/shared/general-rating';
import type { RatingListItem, RatingView, RatingsPage } from '@conversa/shared/schemas/ratings';
import { nextId } from '../../adapters/db/counters';
import { decodeCursor, encodeCursor } from '../../adapters/db/keys';
import {
  RatingConflict, allRatings, countRatings, createRating as insertRating, deleteRating, generalRatingId, getRating, ratingKey, ratingPage, ratingsPartition, replaceRating, type Rating,
} from '../../adapters/db/ratings';
import { emit } from '../events/dispatch';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

type Input = Pick<Rating, 'name' | 'message' | 'geral' | 'options'>;

export function toRatingView(r: Rating): RatingView {
  return { id: r.id, name: r.name, message: r.message, geral: r.geral, options: r.options.map((o) => ({ name: o.name, value: o.value })), userId: r.userId, createdAt: r.createdAt, updatedAt: r.updatedAt };
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** `rating.updated` after a rating was written. */
const announce = (r: Rating): Promise<void> => emit({ type: 'rating.updated', companyId: r.companyId, ratingId: r.id }, { view: toRatingView(r) });

/** After a write that took the general mark from another rating, that rating's new state too. */
async function announceWrite(r: Rating, previousGeneral: number | undefined): Promise<void> {
  await announce(r);
  if (previousGeneral !== undefined && losesGeneralMark({ id: previousGeneral, geral: true }, r)) {
    const other = await getRating(r.companyId, previousGeneral);
    if (other) await announce(other);
  }
}

function conflict(err: unknown): never {
  if (err instanceof RatingConflict) throw new AppError(err.reason === 'missing' ? 'ERR_NO_RATING_FOUND' : 'ERR_CONFLICT');
  throw err;
}

async function loadRating(auth: AuthContext, id: number): Promise<Rating> {
  const r = await getRating(auth.companyId, id);
  if (!r) throw new AppError('ERR_NO_RATING_FOUND');
  return r;
}

/**
 * The ratings page: 20 by id (spec 3 §9), by an opaque cursor (or pageNumber); `count` is the
 * company's counter. A search (name, case and accents aside) reads the company's few ratings and
 * counts its hits.
 */
export async function listRatings(auth: AuthContext, q: { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<RatingsPage> {
  const cid = auth.companyId;
  const limit = q.limit ?? RATINGS_PAGE_SIZE;
  const after = decodeCursor(q.cursor, ratingsPartition(cid));
  const skip = after ? 0 : ((q.pageNumber ?? 1) - 1) * limit;
  const term = fold(q.searchParam ?? '');
  let rows: Rating[];
  let count: number;
  if (term) {
    const hits = (await allRatings(cid)).filter((r) => fold(r.name).includes(term));
    rows = hits.filter((r) => !after || ratingKey(cid, r.id).SK > String(after.SK)).slice(skip, skip + limit + 1);
    count = hits.length;
  } else {
    let start = after;
    if (skip) {
      const skipped = await ratingPage(cid, { limit: skip });
      start = skipped.items.length === skip ? skipped.last : undefined;
      if (!start) return { ratings: [], count: await countRatings(cid), hasMore: false };
    }
    const [page, total] = await Promise.all([ratingPage(cid, { after: start, limit: limit + 1 }), countRatings(cid)]);
    rows = page.items;
    count = total;
  }
  const ratings = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = ratings[ratings.length - 1];
  return { ratings: ratings.map(toRatingView), count, hasMore, ...(hasMore && last ? { cursor: encodeCursor(ratingKey(cid, last.id)) } : {}) };
}

/** GET /ratings/list: what the resolve dialog offers, the general rating first, then by name. */
export async function ratingChoices(auth: AuthContext): Promise<RatingListItem[]> {
  const all = await allRatings(auth.companyId);
  return all
    .sort((a, b) => Number(b.geral) - Number(a.geral) || a.name.localeCompare(b.name))
    .map((r) => ({ id: r.id, name: r.name, geral: r.geral, options: r.options.map((o) => ({ name: o.name, value: o.value })) }));
}

export async function findRating(auth: AuthContext, id: number): Promise<RatingView> {
  return toRatingView(await loadRating(auth, id));
}

export async function createRating(auth: AuthContext, input: Input): Promise<RatingView> {
  const cid = auth.companyId;
  const now = new Date().toISOString();
  const [id, pointer] = await Promise.all([nextId(cid, 'rating'), input.geral ? generalRatingId(cid) : Promise.resolve(undefined)]);
  const r: Rating = { id, companyId: cid, name: input.name, message: input.message, geral: input.geral, options: input.options, userId: auth.userId, createdAt: now, updatedAt: now };
  await insertRating(r, pointer).catch(conflict);
  await recordAudit(auth, { action: 'rating.create', target: r, after: r });
  await announceWrite(r, pointer);
  return toRatingView(r);
}

export async function updateRating(auth: AuthContext, id: number, input: Partial<Input>): Promise<RatingView> {
  const [before, pointer] = await Promise.all([loadRating(auth, id), generalRatingId(auth.companyId)]);
  const after: Rating = {
    ...before,
    name: input.name ?? before.name,
    message: input.message ?? before.message,
    geral: input.geral ?? before.geral,
    options: input.options ?? before.options,
    userId: auth.userId,
    updatedAt: new Date().toISOString(),
  };
  await replaceRating(before, after, pointer).catch(conflict);
  await recordAudit(auth, { action: 'rating.update', target: after, before, after });
  await announceWrite(after, pointer);
  return toRatingView(after);
}

export async function removeRating(auth: AuthContext, id: number): Promise<void> {
  const [r, pointer] = await Promise.all([loadRating(auth, id), generalRatingId(auth.companyId)]);
  await deleteRating(r, pointer).catch(conflict);
  await recordAudit(auth, { action: 'rating.delete', target: r, before: r });
  await emit({ type: 'rating.deleted', companyId: auth.companyId, ratingId: id }, {});
}
