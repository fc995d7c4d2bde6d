import { useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyView } from '@conversa/shared/schemas/companies';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { companiesKey, useDeleteCompany, useDeletionProgress } from '../api/companies';

/** Deleting a company: a confirmation, then the background job's progress until it is done. */
export function CompanyDeletion({ company, onClose }: { company?: CompanyView; onClose(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [started, setStarted] = useState<CompanyView | undefined>();
  const del = useDeleteCompany((d) => {
    setStarted(company);
    void qc.invalidateQueries({ queryKey: companiesKey });
    void d;
  });
  const progress = useDeletionProgress(started?.id);
  const p = progress.data;
  const done = p?.state === 'done';
  const close = () => {
    if (started) void qc.invalidateQueries({ queryKey: companiesKey });
    setStarted(undefined);
    onClose();
  };

  if (started) {
    return (
      <Modal open title={t('companies.deletion.progressTitle', { name: started.name })} onClose={close} size="small" footer={<Button onClick={close}>{t('companies.deletion.close')}</Button>}>
        <div className="deletion-progress" role="status" aria-live="polite" data-testid="deletion-progress" data-state={p?.state ?? 'running'}>
          {done ? null : <Loader size="large" />}
          <p className="deletion-progress__phase">{t(`companies.deletion.phase.${p?.phase ?? 'users'}`)}</p>
          <p>{done ? t('companies.deletion.done', { deleted: p?.deleted ?? 0 }) : t('companies.deletion.running', { deleted: p?.deleted ?? 0 })}</p>
        </div>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      open={company !== undefined}
      title={t('companies.deletion.title', { name: company?.name ?? '' })}
      confirmLabel={t('common.delete')}
      danger
      busy={del.isPending}
      onClose={onClose}
      onConfirm={() => company && del.mutate(company.id)}
    >
      {t('companies.deletion.message')}
    </ConfirmDialog>
  );
}
