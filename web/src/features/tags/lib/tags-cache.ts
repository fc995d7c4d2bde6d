/** Pure edits of the cached tags pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { TagRecord, TagsPage } from '@conversa/shared/schemas/tags';

type Data = InfiniteData<TagsPage> | undefined;

export const isListed = (data: Data, id: number): boolean => Boolean(data?.pages.some((p) => p.tags.some((t) => t.id === id)));

/** Replaces the tag where it is listed; one that changed kind leaves the other kind's list (a list that does not hold it is read again by the caller). */
export function upsertTag(data: Data, tag: TagRecord, kanban: number): Data {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, tags: p.tags.flatMap((t) => (t.id !== tag.id ? [t] : tag.kanban === kanban ? [tag] : [])) })) };
}

export function removeTag(data: Data, id: number): Data {
  if (!data || !isListed(data, id)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, tags: p.tags.filter((t) => t.id !== id) })) };
}
