import { describe, expect, it } from 'vitest';
import { phoneTimeline } from './phone-timeline';

describe('the sandbox phone timeline', () => {
  it('puts the read receipts among the messages by time, leaving out receipts older than the page', () => {
    const item = (externalId: string, at: string) => ({ externalId, to: '5511', body: externalId, ack: 3, at });
    const read = (id: string, at: string) => ({ to: '5511', readIds: [id], at });
    const rows = phoneTimeline([item('A', '2026-01-01T10:00:00.000Z'), item('B', '2026-01-01T10:05:00.000Z')], [read('old', '2026-01-01T09:00:00.000Z'), read('R1', '2026-01-01T10:02:00.000Z')]);
    expect(rows.map((r) => (r.kind === 'item' ? r.item.externalId : r.read.readIds[0]))).toEqual(['A', 'R1', 'B']);
    expect(phoneTimeline([], [read('R1', '2026-01-01T10:02:00.000Z')]).map((r) => r.kind)).toEqual(['read']);
  });
});
