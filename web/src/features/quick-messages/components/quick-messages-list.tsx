import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { useUser } from '../../../lib/auth';
import { useQuickMessages } from '../../../lib/get-quick-messages';
import { canManageQuickMessage, filterQuickMessages } from '../lib/quick-message-form';

type Props = { search: string; onEdit(q: QuickMessageView): void; onDelete(q: QuickMessageView): void };

export function QuickMessagesList({ search, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const list = useQuickMessages();
  const rows = filterQuickMessages(list.data ?? [], search);

  if (list.isPending || list.isError) return <LoadState query={list} />;

  return (
    <div className="table-scroll">
      <DataTable
        rows={rows}
        rowKey={(q) => q.id}
        rowAttrs={(q) => ({ 'data-testid': `quick-message-${q.id}` })}
        empty={t('quickMessages.empty')}
        columns={[
          { key: 'shortcode', header: t('quickMessages.shortcode'), cellClassName: 'cell-strong', cell: (q) => `/${q.shortcode}` },
          {
            key: 'message',
            header: t('quickMessages.message'),
            cellClassName: 'cell-wrap qm-preview',
            cell: (q) =>
              q.mediaKey ? (
                <span className="qm-media__file">
                  <Paperclip size={14} aria-hidden />
                  {q.mediaName ?? t('quickMessages.media.file')}
                </span>
              ) : (
                q.message
              ),
          },
          {
            key: 'scope',
            header: t('quickMessages.scope'),
            className: 'hide-sm',
            cell: (q) => (
              <Badge size="small" variation={q.geral ? 'info' : undefined}>
                {q.geral ? t('quickMessages.scopeGeral') : t('quickMessages.scopeOwn')}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (q) =>
              canManageQuickMessage(me, q) ? (
                <EditDeleteButtons editLabel={t('quickMessages.editOne', { shortcode: q.shortcode })} deleteLabel={t('quickMessages.deleteOne', { shortcode: q.shortcode })} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
              ) : (
                <span className="muted qm-readonly">{t('quickMessages.readOnly')}</span>
              ),
          },
        ]}
      />
    </div>
  );
}
