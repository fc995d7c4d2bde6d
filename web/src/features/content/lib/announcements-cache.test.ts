import { describe, expect, it } from 'vitest';
import { applyAnnouncementEvent, type DrawerItem } from './announcements-cache';

const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
const a = (id: number, priority: 1 | 2 | 3, minute: number, read = false): DrawerItem => ({
  id, title: `A${id}`, text: 't', priority, status: true, mediaName: null, mediaPath: null, mediaType: null, createdAt: at(minute), updatedAt: at(minute), read,
});

describe('the drawer list under live announcement events', () => {
  it('a new one goes in unread, priority 1 first then the newest', () => {
    const list = [a(1, 3, 1), a(2, 3, 5)].sort((x, y) => y.id - x.id);
    const { read: _r, ...rec } = a(3, 1, 0);
    const out = applyAnnouncementEvent(list, { action: 'create', record: rec });
    expect(out.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(out[0]!.read).toBe(false);
  });

  it('a changed one keeps its read mark; deactivated or deleted ones leave', () => {
    const list = [a(1, 2, 1, true), a(2, 3, 2)];
    const { read: _r, ...rec } = { ...a(1, 2, 1), title: 'novo' };
    const changed = applyAnnouncementEvent(list, { action: 'update', record: rec });
    expect(changed.find((x) => x.id === 1)).toMatchObject({ title: 'novo', read: true });
    expect(applyAnnouncementEvent(list, { action: 'update', record: { ...rec, status: false } }).map((x) => x.id)).toEqual([2]);
    expect(applyAnnouncementEvent(list, { action: 'delete', id: 2 }).map((x) => x.id)).toEqual([1]);
  });
});
