import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { QueueView } from '@conversa/shared/schemas/queues';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteQueue } from '../../../features/queues/api/delete-queue';
import { QueueModal } from '../../../features/queues/components/queue-modal';
import { QueuesList } from '../../../features/queues/components/queues-list';
import { useQueuesRealtime } from '../../../features/queues/hooks/use-queues-realtime';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/queues';
import { useQueues } from '../../../lib/queues';
import { toast } from '../../../lib/toast';
import '../../../styles/queues.css';

/** /queues (spec 3 "Queues list"): the company's queues, live on the queue channel. */
export default function QueuesRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const list = useQueues();
  const [modal, setModal] = useState<{ open: boolean; queueId?: number }>({ open: false });
  const [toDelete, setToDelete] = useState<QueueView | undefined>();
  const del = useDeleteQueue({
    onSuccess: () => {
      toast.success(t('queues.deleted'));
      setToDelete(undefined);
    },
  });
  useQueuesRealtime(me.companyId);

  return (
    <ContentLayout
      title={list.data ? t('queues.titleCount', { count: list.data.length }) : t('queues.title')}
      fill
      actions={
        <Button variation="primary" size="small" gap="0.4rem" onClick={() => setModal({ open: true })}>
          <Plus size={16} aria-hidden />
          {t('queues.add')}
        </Button>
      }
    >
      <div className="card card--fill">
        <QueuesList list={list} onEdit={(q) => setModal({ open: true, queueId: q.id })} onDelete={setToDelete} />
      </div>
      <QueueModal open={modal.open} queueId={modal.queueId} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('queues.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('queues.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
