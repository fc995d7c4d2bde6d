import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { ScheduleView } from '@conversa/shared/schemas/schedules';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useDeleteSchedule } from '../../../features/schedules/api/delete-schedule';
import { useSchedules } from '../../../features/schedules/api/get-schedules';
import { ScheduleModal } from '../../../features/schedules/components/schedule-modal';
import { SchedulesTable } from '../../../features/schedules/components/schedules-table';
import { useSchedulesRealtime } from '../../../features/schedules/hooks/use-schedules-realtime';
import type { ScheduleContact } from '../../../features/schedules/lib/schedule-form';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import { useContact } from '../../../lib/get-contact';
import '../../../lib/i18n/locales/schedules';
import { toast } from '../../../lib/toast';
import '../../../styles/schedules.css';

type Dialog = { open: false } | { open: true; schedule?: ScheduleView; contact?: ScheduleContact | null };

/** /schedules (spec 3 "Schedules page", §5, §7; plan flag useSchedules). `?contactId=` opens the add dialog for that contact. */
export default function SchedulesRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const schedules = useSchedules(debounced);
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [toDelete, setToDelete] = useState<ScheduleView | undefined>();
  useSchedulesRealtime(me.companyId);

  const contactId = Number(params.get('contactId')) || undefined;
  const contact = useContact(contactId);
  useEffect(() => {
    if (!contactId || !contact.data) return;
    setDialog({ open: true, contact: { id: contact.data.id, name: contact.data.name } });
    setParams((p) => {
      p.delete('contactId');
      return p;
    }, { replace: true });
  }, [contactId, contact.data, setParams]);

  const del = useDeleteSchedule({
    onSuccess: () => {
      toast.success(t('schedules.deleted'));
      setToDelete(undefined);
    },
  });

  return (
    <ContentLayout
      title={t('schedules.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('schedules.search')} addLabel={t('schedules.add')} onAdd={() => setDialog({ open: true })} />}
    >
      <div className="card card--fill">
        <SchedulesTable query={schedules} onEdit={(s) => setDialog({ open: true, schedule: s })} onDelete={setToDelete} />
      </div>
      <ScheduleModal open={dialog.open} schedule={dialog.open ? dialog.schedule : undefined} contact={dialog.open ? dialog.contact : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('schedules.deleteTitle')}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('schedules.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
