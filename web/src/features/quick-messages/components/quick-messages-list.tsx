import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { useUser } from '../../../lib/auth';
import { useQuickMessages } from '../api/get-quick-messages';
import { canManageQuickMessage, filterQuickMessages } from '../lib/quick-message-form';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = { search: string; onEdit(q: QuickMessageView): void; onDelete(q: QuickMessageView): void };

export function QuickMessagesList({ search, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const list = useQuickMessages();
  const rows = filterQuickMessages(list.data ?? [], search);

  if (list.isPending || list.isError) return <LoadState query={list} />;

  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('quickMessages.shortcode')}</th>
            <th scope="col">{t('quickMessages.message')}</th>
            <th scope="col" className="hide-sm">{t('quickMessages.scope')}</th>
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="data-table__empty">
                {t('quickMessages.empty')}
              </td>
            </tr>
          ) : (
            rows.map((q) => {
              const mine = canManageQuickMessage(me, q);
              return (
                <tr key={q.id} data-testid={`quick-message-${q.id}`}>
                  <td className="cell-strong" data-label={t('quickMessages.shortcode')}>/{q.shortcode}</td>
                  <td className="cell-wrap qm-preview" data-label={t('quickMessages.message')}>
                    {q.mediaKey ? (
                      <span className="qm-media__file">
                        <Paperclip size={14} aria-hidden />
                        {q.mediaName ?? t('quickMessages.media.file')}
                      </span>
                    ) : (
                      q.message
                    )}
                  </td>
                  <td className="hide-sm" data-label={t('quickMessages.scope')}>
                    <Badge size="small" variation={q.geral ? 'info' : undefined}>
                      {q.geral ? t('quickMessages.scopeGeral') : t('quickMessages.scopeOwn')}
                    </Badge>
                  </td>
                  <td className="col-actions">
                    {mine ? (
                      <>
                        <EditDeleteButtons editLabel={t('quickMessages.editOne', { shortcode: q.shortcode })} deleteLabel={t('quickMessages.deleteOne', { shortcode: q.shortcode })} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
                      </>
                    ) : (
                      <span className="muted qm-readonly">{t('quickMessages.readOnly')}</span>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
