import { describe, expect, it, vi } from 'vitest';
import type { EventOf } from '@conversa/shared/events';

// The production consumers reach DynamoDB and the socket gateway; here only the test's own run.
vi.mock('../realtime/publish-events', () => ({ realtimePublisher: { name: 'realtime', on: {} } }));
vi.mock('../bot/queue-bot', () => ({ queueBot: { name: 'queue bot', redelivered: true, on: {} } }));
vi.mock('../ratings/rating-reply', () => ({ ratingReply: { name: 'rating reply', redelivered: true, on: {} } }));
const { addConsumer, ConsumersFailed, emit, emitRedelivered, HeldGone } = await import('./dispatch');

const status = (online: boolean): EventOf<'user.status'> => ({ type: 'user.status', companyId: 7, userId: 3, online });
const rated: EventOf<'ticket.rated'> = { type: 'ticket.rated', companyId: 7, ticketId: 9, messageId: 'm1', ratingId: 2, value: 1, at: new Date(0).toISOString() };

describe('the event dispatcher', () => {
  it('hands an event to its consumers in order; one that throws does not keep it from the others, and the emit fails after all ran', async () => {
    const seen: string[] = [];
    const off = [
      addConsumer({ name: 'first', on: { 'user.status': async (e) => void seen.push(`first ${e.online}`) } }),
      addConsumer({ name: 'broken', on: { 'user.status': async () => { throw new Error('down'); } } }),
      addConsumer({ name: 'last', on: { 'user.status': async (e) => void seen.push(`last ${e.online}`), 'user.deleted': async () => void seen.push('deleted') } }),
    ];
    try {
      const failed = await emit(status(true), {}).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(ConsumersFailed);
      expect((failed as Error).message).toBe('user.status: broken: Error: down');
      expect(seen).toEqual(['first true', 'last true']);
    } finally {
      off.forEach((f) => f());
    }
    await emit(status(false), {});
    expect(seen).toEqual(['first true', 'last true']);
  });

  it('a redelivered event reaches only the consumers marked redelivered; its records are loaded once, when asked', async () => {
    const got: string[] = [];
    const load = vi.fn(async () => ({ ticket: { id: 9 } as never }));
    const off = [
      addConsumer({ name: 'once', on: { 'ticket.rated': async (_e, held) => void got.push(`once ${(await held()).ticket.id}`) } }),
      addConsumer({ name: 'again', redelivered: true, on: { 'ticket.rated': async (_e, held) => void got.push(`again ${(await held()).ticket.id}`) } }),
      addConsumer({ name: 'again too', redelivered: true, on: { 'ticket.rated': async (_e, held) => void got.push(`again too ${(await held()).ticket.id}`) } }),
    ];
    try {
      await emitRedelivered(rated, load);
      expect(got).toEqual(['again 9', 'again too 9']);
      expect(load).toHaveBeenCalledTimes(1);
      // Records gone meanwhile: nothing left to redo, and no failure.
      await emitRedelivered(rated, async () => { throw new HeldGone(); });
      expect(got).toHaveLength(2);
    } finally {
      off.forEach((f) => f());
    }
  });

  it('refuses an event that does not match its schema before any consumer runs', async () => {
    const run = vi.fn(async () => {});
    const off = addConsumer({ name: 'any', on: { 'user.status': run } });
    try {
      await expect(emit({ ...status(true), companyId: 0 }, {})).rejects.toThrow();
      await expect(emit({ ...status(true), extra: 1 } as never, {})).rejects.toThrow();
      expect(run).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });
});
