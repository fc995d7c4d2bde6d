import { describe, expect, it } from 'vitest';
import { RATING_WAIT_MS } from '@conversa/shared/constants';
import type { Ticket } from '../../adapters/db/tickets';
import { liveWait } from './rating-wait';

const closedAt = '2025-03-01T12:00:00.000Z';
const until = new Date(Date.parse(closedAt) + 2_000 + RATING_WAIT_MS).toISOString();
const ticket = (over: Partial<Ticket> = {}) => ({ status: 'closed', closedAt, ratingWait: { ratingId: 1, userId: 2, until }, ...over }) as Ticket;
const at = (ms: number) => new Date(Date.parse(closedAt) + ms);

describe('a live rating wait', () => {
  it('a closed ticket whose wait began after its close, until the wait ends', () => {
    expect(liveWait(ticket(), at(60_000))).toEqual({ ratingId: 1, userId: 2, until });
    expect(liveWait(ticket(), new Date(Date.parse(until) - 1))).toBeDefined();
    expect(liveWait(ticket(), new Date(until))).toBeUndefined();
  });

  it('no wait on a ticket without one, or reopened', () => {
    expect(liveWait(ticket({ ratingWait: undefined }), at(1_000))).toBeUndefined();
    expect(liveWait(ticket({ status: 'pending' }), at(1_000))).toBeUndefined();
    expect(liveWait(ticket({ status: 'open' }), at(1_000))).toBeUndefined();
  });

  it('a leftover wait of a ticket reopened and closed again without a rating catches nothing', () => {
    expect(liveWait(ticket({ closedAt: at(30_000).toISOString() }), at(60_000))).toBeUndefined();
  });
});
