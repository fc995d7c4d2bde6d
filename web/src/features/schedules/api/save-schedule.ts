import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ScheduleBody, SchedulesPage, ScheduleView } from '@conversa/shared/schemas/schedules';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { applyMediaChange } from '../../../lib/upload-file';
import { upsertSchedule } from '../lib/schedules-cache';
import { schedulesKey, schedulesListKey } from './get-schedules';

export type ScheduleInput = Omit<z.input<typeof ScheduleBody>, 'media'>;
/** The attachment change of a save: a new file, its removal, or none. */
export type MediaChange = { file: File; mimetype: string } | 'remove' | undefined;

/**
 * POST /schedules or PUT /schedules/{id} (spec 3 §7), then the attachment: the file uploaded
 * (POST /messages/upload and its PUT) and named with POST /schedules/{id}/media-upload, or
 * removed with DELETE /schedules/{id}/media-upload.
 */
export async function saveSchedule({ id, body, media }: { id?: number; body: ScheduleInput; media?: MediaChange }): Promise<ScheduleView> {
  const saved = id === undefined ? await api.post<ScheduleView>('/schedules', body) : await api.put<ScheduleView>(`/schedules/${id}`, body);
  return applyMediaChange(`/schedules/${saved.id}/media-upload`, media, saved);
}

/** A saved schedule is redrawn at once; every schedules query is then read again (a new one takes its place in the server's order). */
export function useSaveSchedule(options: { onSuccess?: (s: ScheduleView) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (s) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<SchedulesPage>>({ queryKey: schedulesListKey })) qc.setQueryData(key, upsertSchedule(list, s));
      void qc.invalidateQueries({ queryKey: schedulesKey });
      options.onSuccess?.(s);
    },
  });
}
