import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TagBody, TagRecord, TagsPage } from '@conversa/shared/schemas/tags';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import type { AttachmentChange } from '../../../hooks/use-attachment-change';
import { uploadFile } from '../../../lib/upload-file';
import { upsertTag } from '../lib/tags-cache';
import { tagsKey, tagsPagesKey } from './get-tags-page';

export type TagInput = Omit<z.input<typeof TagBody>, 'media' | 'userId'>;

/**
 * POST /tags or PUT /tags/{id} (spec 3 §7) with the caller as its user. A new file is uploaded first
 * (POST /messages/upload and its PUT) and named in the same call, so a campaign with a file and no
 * message is saved at once; a removed one goes with `media: null`.
 */
export async function saveTag({ id, body, userId, media }: { id?: number; body: TagInput; userId: number; media?: AttachmentChange }): Promise<TagRecord> {
  const file = media && media !== 'remove' ? { key: await uploadFile(media.file, media.mimetype), filename: media.file.name, mimetype: media.mimetype } : undefined;
  if (id === undefined) return api.post<TagRecord>('/tags', { ...body, userId, ...(file ? { media: file } : {}) });
  return api.put<TagRecord>(`/tags/${id}`, { ...body, userId, ...(file ? { media: file } : media === 'remove' ? { media: null } : {}) });
}

/** A saved tag is redrawn at once; every tags query is then read again (a new one takes its place in the server's order). */
export function useSaveTag(options: { onSuccess?: (t: TagRecord) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveTag,
    onSuccess: (tag) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<TagsPage>>({ queryKey: tagsPagesKey })) qc.setQueryData(key, upsertTag(list, tag, kindOf(key)));
      void qc.invalidateQueries({ queryKey: tagsKey });
      options.onSuccess?.(tag);
    },
  });
}

/** The kind a tags page list holds, from its query key. */
export const kindOf = (key: readonly unknown[]): number => (key[2] as { kanban: number }).kanban;
