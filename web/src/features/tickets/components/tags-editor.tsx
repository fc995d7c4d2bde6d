import { useTranslation } from 'react-i18next';
import { Tag, X } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useTags } from '../../../lib/get-tags';
import { useSyncTicketTags } from '../api/sync-ticket-tags';
import { CheckMenu } from './check-menu';

/** Under the chat header: the ticket's tags, chosen from GET /tags/list. */
export function TagsEditor({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const tags = useTags();
  const sync = useSyncTicketTags();
  const all = tags.data ?? [];
  const setIds = (ids: number[]) => {
    const byId = new Map([...all, ...ticket.tags].map((x) => [x.id, x]));
    sync.mutate({ ticket, tags: ids.map((id) => byId.get(id)!).filter(Boolean) });
  };
  return (
    <div className="t-tags" aria-busy={sync.isPending}>
      {ticket.tags.map((tag) => (
        <span key={tag.id} className="t-tag t-tag--lg" style={{ background: tag.color }}>
          {tag.name}
          <button type="button" aria-label={t('tickets.tags.remove', { name: tag.name })} onClick={() => setIds(ticket.tags.filter((x) => x.id !== tag.id).map((x) => x.id))}>
            <X size={12} aria-hidden />
          </button>
        </span>
      ))}
      <CheckMenu
        label={t('tickets.tags.label')}
        icon={<Tag size={14} aria-hidden />}
        options={all.map((x) => ({ id: x.id, label: x.name, color: x.color }))}
        selected={ticket.tags.map((x) => x.id)}
        onChange={setIds}
        emptyText={t('tickets.tags.none')}
        testId="tags-editor"
      />
    </div>
  );
}
