import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { SchedulesPage, ScheduleView } from '@conversa/shared/schemas/schedules';
import { isListed, removeSchedule, upsertSchedule } from './schedules-cache';

const at = '2026-11-26T22:00:00.000Z';
const s = (id: number, over: Partial<ScheduleView> = {}): ScheduleView => ({
  id, body: `Mensagem ${id}`, sendAt: at, sentAt: null, status: 'PENDENTE', error: null, contactId: 1, contact: { id: 1, name: 'Maria' },
  userId: 1, whatsappId: null, daysR: 0, campId: null, mediaName: null, mimetype: null, createdAt: at, updatedAt: at, ...over,
});
const data = (...pages: ScheduleView[][]): InfiniteData<SchedulesPage> => ({ pages: pages.map((schedules) => ({ schedules, hasMore: false })), pageParams: pages.map((_, i) => i) });

describe('cached schedules pages', () => {
  it('a listed schedule changes in place (PENDENTE → ERRO with its reason), wherever its page', () => {
    const next = upsertSchedule(data([s(3)], [s(2), s(1)]), s(2, { status: 'ERRO', error: 'ERR_NO_WAPP_FOUND' }));
    expect(next?.pages[1]!.schedules[0]).toMatchObject({ id: 2, status: 'ERRO', error: 'ERR_NO_WAPP_FOUND' });
    expect(next?.pages[0]!.schedules[0]).toEqual(s(3));
  });

  it('an unlisted one is not added (the list is read again in the server order); a deleted one leaves', () => {
    const d = data([s(3), s(2)]);
    expect(isListed(d, 9)).toBe(false);
    expect(upsertSchedule(d, s(9))?.pages[0]!.schedules.map((x) => x.id)).toEqual([3, 2]);
    expect(removeSchedule(d, 3)?.pages[0]!.schedules.map((x) => x.id)).toEqual([2]);
    expect(removeSchedule(d, 9)).toBe(d);
  });
});
