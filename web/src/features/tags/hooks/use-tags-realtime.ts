import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TagsPage } from '@conversa/shared/schemas/tags';
import { channel } from '@conversa/shared/realtime';
import { useChannel } from '../../../lib/realtime';
import { tagsPagesKey } from '../api/get-tags-page';
import { kindOf } from '../api/save-tag';
import { isListed, removeTag, upsertTag } from '../lib/tags-cache';

/**
 * `company-{id}-tag` (spec 3 §4: create/update upsert, delete removes): a listed tag changes in
 * place; one a list of its kind does not hold (new, renamed into the search, changed kind) makes that
 * list read again, in the server's order.
 */
export function useTagsRealtime(companyId: number): void {
  const qc = useQueryClient();
  useChannel(channel.tag(companyId), ({ data }) => {
    const lists = qc.getQueriesData<InfiniteData<TagsPage>>({ queryKey: tagsPagesKey });
    if (data.action === 'delete') {
      for (const [key, list] of lists) qc.setQueryData(key, removeTag(list, data.tagId));
      return;
    }
    for (const [key, list] of lists) {
      if (isListed(list, data.tag.id)) qc.setQueryData(key, upsertTag(list, data.tag, kindOf(key)));
      else if (data.tag.kanban === kindOf(key)) void qc.invalidateQueries({ queryKey: key, exact: true });
    }
  });
}
