import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { TagRecord } from '@conversa/shared/schemas/tags';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/tags';
import { toast } from '../../../lib/toast';
import '../../../styles/tags.css';
import { useDeleteTag } from '../api/delete-tag';
import { useTagsPage, type TagKind } from '../api/get-tags-page';
import { useTagsRealtime } from '../hooks/use-tags-realtime';
import { TagModal } from './tag-modal';
import { TagsTable } from './tags-table';

type Dialog = { open: false } | { open: true; tag?: TagRecord };

/** The tags list (`kanban` 0, /tags) or the lanes screen (1, /TagsKanban): search, the table, the dialog, the delete confirmation; live. */
export function TagsScreen({ kanban }: { kanban: TagKind }) {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useTagsPage(kanban, debounced);
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [toDelete, setToDelete] = useState<TagRecord | undefined>();
  useTagsRealtime(me.companyId);

  const del = useDeleteTag({
    onSuccess: () => {
      toast.success(t(kanban ? 'tags.deletedLane' : 'tags.deleted'));
      setToDelete(undefined);
    },
  });

  return (
    <ContentLayout
      title={kanban ? t('tags.titleKanban') : t('tags.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('tags.search')} addLabel={kanban ? t('tags.addLane') : t('tags.add')} onAdd={() => setDialog({ open: true })} />}
    >
      <div className="card card--fill">
        <TagsTable kanban={kanban} query={list} onEdit={(tag) => setDialog({ open: true, tag })} onDelete={setToDelete} />
      </div>
      <TagModal open={dialog.open} kanban={kanban} tag={dialog.open ? dialog.tag : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={kanban ? t('tags.deleteTitleLane') : t('tags.deleteTitle')}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('tags.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
