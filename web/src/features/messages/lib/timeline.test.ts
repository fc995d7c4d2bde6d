import { describe, expect, it } from 'vitest';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { makeMessage } from './make-message.test-util';
import { buildRows, dayLabel, localDay } from './timeline';

const at = (y: number, mo: number, d: number, h: number) => new Date(y, mo - 1, d, h, 0).toISOString();
const msg = (id: string, createdAt: string, extra: Partial<MessageView> = {}) => makeMessage({ id, ticketId: 1, createdAt, body: id, ...extra });

describe('buildRows', () => {
  it('puts a date separator before the first message of each local day', () => {
    const rows = buildRows([msg('a', at(2025, 3, 1, 9)), msg('b', at(2025, 3, 1, 23)), msg('c', at(2025, 3, 2, 0))], false);
    expect(rows.map((r) => (r.kind === 'date' ? `date:${r.day}` : r.key))).toEqual(['date:2025-03-01', 'a', 'b', 'date:2025-03-02', 'c']);
  });

  it('draws logs as separators and skips reaction messages', () => {
    const rows = buildRows(
      [msg('s', at(2025, 3, 1, 8), { mediaType: 'info_log' }), msg('a', at(2025, 3, 1, 9)), msg('r', at(2025, 3, 1, 9), { mediaType: 'reactionMessage' }), msg('x', at(2025, 3, 1, 10), { mediaType: 'closed_log' })],
      false,
    );
    expect(rows.map((r) => `${r.kind}:${r.key}`)).toEqual(['date:d:2025-03-01', 'log:s', 'message:a', 'log:x']);
  });

  it('shows the group sender when it changes', () => {
    const p1 = { id: '1@s', name: 'Ana' };
    const p2 = { id: '2@s', name: 'Bia' };
    const rows = buildRows([msg('a', at(2025, 3, 1, 9), { participant: p1 }), msg('b', at(2025, 3, 1, 9), { participant: p1 }), msg('c', at(2025, 3, 1, 9), { participant: p2 }), msg('d', at(2025, 3, 1, 9), { fromMe: true }), msg('e', at(2025, 3, 1, 9), { participant: p2 })], true);
    expect(rows.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.showSender : null))).toEqual([true, false, true, false, true]);
    expect(buildRows([msg('a', at(2025, 3, 1, 9), { participant: p1 })], false).some((r) => r.kind === 'message' && r.showSender)).toBe(false);
  });
});

describe('dayLabel', () => {
  it('names today and yesterday, else dd/MM/yyyy', () => {
    const now = new Date(2025, 4, 10, 12);
    expect(dayLabel(localDay(now.toISOString()), now).kind).toBe('today');
    expect(dayLabel('2025-05-09', now).kind).toBe('yesterday');
    expect(dayLabel('2025-05-01', now)).toEqual({ kind: 'date', date: '01/05/2025' });
  });

  it("puts a 'closed / started' pair where the contact's earlier ticket ends", () => {
    const old = (id: string, h: number) => msg(id, at(2025, 3, 1, h), { ticketId: 7 });
    const now = (id: string, h: number) => msg(id, at(2025, 3, 1, h), { ticketId: 9 });
    const rows = buildRows([old('a', 8), old('b', 9), now('c', 15), now('d', 16)], false);
    expect(rows.map((r) => `${r.kind}:${r.key}`)).toEqual(['date:d:2025-03-01', 'message:a', 'message:b', 'ticket:t:7:9', 'message:c', 'message:d']);
    expect(rows[3]).toMatchObject({ closedAt: at(2025, 3, 1, 9), startedAt: at(2025, 3, 1, 15) });
  });
});
