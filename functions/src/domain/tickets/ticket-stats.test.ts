import { describe, expect, it } from 'vitest';
import { dayBounds, localDay, StatsDelta } from '../../adapters/db/day-stats';
import type { Ticket } from '../../adapters/db/tickets';
import { closedStats, createdStats, takenStats } from './ticket-stats';

process.env.TABLE_NAME ??= 'conversa-test';

const base: Ticket = {
  id: 9, uuid: 'u', companyId: 4, contactId: 1, whatsappId: 1, channel: 'sandbox', status: 'pending', queueId: 1, userId: null, isGroup: false, isBot: false,
  lastMessage: '', lastMessageAt: '2026-03-10T12:00:00.000Z', unreadMessages: 0, queuedAt: '2026-03-10T12:00:00.000Z', createdAt: '2026-03-10T12:00:00.000Z', updatedAt: '2026-03-10T12:00:00.000Z',
};
/** The ADD fields of each stats item of a delta, by SK. */
const adds = (d: StatsDelta) =>
  Object.fromEntries(
    d.txItems().map((i) => {
      const u = i.Update!;
      const names = u.ExpressionAttributeNames!;
      const values = u.ExpressionAttributeValues!;
      return [String(u.Key!.SK), Object.fromEntries(Object.keys(names).map((k) => [names[k], values[`:v${k.slice(2)}`]]))];
    }),
  );

describe('company days', () => {
  it('are America/Sao_Paulo days and hours', () => {
    expect(localDay('2026-03-10T02:30:00.000Z')).toEqual({ day: '2026-03-09', hour: '23' });
    expect(localDay('2026-03-10T03:00:00.000Z')).toEqual({ day: '2026-03-10', hour: '00' });
  });

  it('start and end at the zone’s midnight (UTC−3 now; UTC−2 in the summer time Brazil had until 2019)', () => {
    expect(dayBounds('2026-03-10')).toEqual({ start: '2026-03-10T03:00:00.000Z', end: '2026-03-11T03:00:00.000Z' });
    expect(dayBounds('2018-12-01')).toEqual({ start: '2018-12-01T02:00:00.000Z', end: '2018-12-02T02:00:00.000Z' });
    expect(localDay(dayBounds('2026-11-23').start)).toEqual({ day: '2026-11-23', hour: '00' });
  });
});

describe('ticket stats', () => {
  it('a new ticket counts per day and hour, and as a lead on the first ticket of the contact', () => {
    expect(adds(createdStats(base, { lead: true }))).toEqual({ 'D#2026-03-10': { created: 1, leads: 1 }, 'H#2026-03-10#09': { created: 1 } });
    expect(adds(createdStats({ ...base, userId: 3 }, { lead: false }))).toEqual({ 'D#2026-03-10': { created: 1 }, 'H#2026-03-10#09': { created: 1 }, 'U#2026-03-10#0000000003': { tickets: 1 } });
  });
  it('accepting counts the wait since queued; closing the handling time since accepted, for the company and the agent', () => {
    expect(adds(takenStats(base, 3, '2026-03-10T12:10:00.000Z', { waited: true }))).toEqual({ 'U#2026-03-10#0000000003': { tickets: 1 }, 'D#2026-03-10': { waitMs: 600_000, waitN: 1 } });
    expect(adds(closedStats({ ...base, status: 'open', userId: 3, acceptedAt: '2026-03-10T12:10:00.000Z' }, '2026-03-10T12:40:00.000Z'))).toEqual({
      'D#2026-03-10': { closed: 1, supportMs: 1_800_000, supportN: 1 },
      'U#2026-03-10#0000000003': { supportMs: 1_800_000, supportN: 1, closed: 1 },
    });
  });
  it('merges additions to one item (a transaction touches an item once)', () => {
    const d = new StatsDelta(4).add('D#x', 'a', 1).merge(new StatsDelta(4).add('D#x', 'a', 2).add('D#x', 'b', 1));
    expect(adds(d)).toEqual({ 'D#x': { a: 3, b: 1 } });
  });
});
