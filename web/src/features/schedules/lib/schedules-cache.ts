/** Pure edits of the cached schedules pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { SchedulesPage, ScheduleView } from '@conversa/shared/schemas/schedules';

type Data = InfiniteData<SchedulesPage> | undefined;

export const isListed = (data: Data, id: number): boolean => Boolean(data?.pages.some((p) => p.schedules.some((s) => s.id === id)));

/** Replaces the schedule where it is listed (a list that does not hold it is read again by the caller). */
export function upsertSchedule(data: Data, schedule: ScheduleView): Data {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, schedules: p.schedules.map((s) => (s.id === schedule.id ? schedule : s)) })) };
}

export function removeSchedule(data: Data, id: number): Data {
  if (!data || !isListed(data, id)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, schedules: p.schedules.filter((s) => s.id !== id) })) };
}
