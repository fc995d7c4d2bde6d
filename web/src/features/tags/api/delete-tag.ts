import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TagsPage } from '@conversa/shared/schemas/tags';
import { api } from '../../../lib/api';
import { removeTag } from '../lib/tags-cache';
import { tagsKey, tagsPagesKey } from './get-tags-page';

/** DELETE /tags/{id}: hidden at once; its tickets lose it (a lane's go back to 'Em aberto'). */
export const deleteTag = (id: number): Promise<void> => api.delete<void>(`/tags/${id}`);

export function useDeleteTag(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: (_v, id) => {
      for (const [key, list] of qc.getQueriesData<InfiniteData<TagsPage>>({ queryKey: tagsPagesKey })) qc.setQueryData(key, removeTag(list, id));
      // The pickers (GET /tags/list) drop it too.
      void qc.invalidateQueries({ queryKey: tagsKey, predicate: (q) => q.queryKey[1] !== 'pages' });
      options.onSuccess?.();
    },
  });
}
