import { describe, expect, it } from 'vitest';
import type { TagRecord } from '@conversa/shared/schemas/tags';
import { isListed, removeTag, upsertTag } from './tags-cache';

const at = '2026-11-27T10:00:00.000Z';
const tag = (id: number, over: Partial<TagRecord> = {}): TagRecord => ({
  id, name: `Tag ${id}`, color: '#0b7a75', kanban: 0, userId: 1, ticketsCount: 0, actCamp: 0, msgR: '', rptDays: 0, mediaName: null, mimetype: null, createdAt: at, updatedAt: at, ...over,
});
const data = { pageParams: [{ page: 1 }], pages: [{ tags: [tag(1), tag(2)], hasMore: false }] };

describe('tags cache', () => {
  it('replaces a listed tag in place, and takes it out of a list of the other kind', () => {
    expect(upsertTag(data, tag(2, { name: 'Novo nome' }), 0)?.pages[0]?.tags.map((t) => t.name)).toEqual(['Tag 1', 'Novo nome']);
    expect(upsertTag(data, tag(2, { kanban: 1 }), 0)?.pages[0]?.tags.map((t) => t.id)).toEqual([1]);
  });
  it('removes a deleted tag and leaves a list without it as it was', () => {
    expect(removeTag(data, 1)?.pages[0]?.tags.map((t) => t.id)).toEqual([2]);
    expect(removeTag(data, 9)).toBe(data);
    expect(isListed(data, 2)).toBe(true);
    expect(isListed(undefined, 2)).toBe(false);
  });
});
