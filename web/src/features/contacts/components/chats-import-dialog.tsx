import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Smartphone } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { useImportChats } from '../api/import-chats';
import { useImportProgress } from '../api/import-contacts';
import { ImportProgressView } from './import-progress-view';

type Props = { open: boolean; onClose(): void };

/** Import from the phone's chats (spec 2 "Contacts list" import menu): the connection lists what it knows, then the job's progress. */
export function ChatsImportDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | undefined>();
  const start = useImportChats({ onSuccess: (p) => setJobId(p.jobId) });
  const progress = useImportProgress(jobId);
  const p = progress.data ?? start.data;
  const finished = p?.finished === true;
  const running = start.isPending || (jobId !== undefined && !finished);

  useEffect(() => {
    if (!open) return;
    setJobId(undefined);
    start.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('contacts.import.chatsTitle')}
      onClose={onClose}
      footer={
        <Button variation="link" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div className="import-box">
        <p className="form__lead">{t('contacts.import.chatsHint')}</p>
        <div className="import-drop">
          <Button gap="0.4rem" variation={p ? undefined : 'primary'} onClick={() => start.mutate()} isLoading={running} loadingText={t('contacts.import.chatsAsking')} data-testid="import-chats-start">
            <Smartphone size={16} aria-hidden />
            {finished ? t('contacts.import.chatsAgain') : t('contacts.import.chatsStart')}
          </Button>
        </div>
        {p ? <ImportProgressView p={p} progressText={(x) => t('contacts.import.chatsProgress', { done: x.done, total: x.total })} waitingText={t('contacts.import.chatsAsking')} /> : null}
      </div>
    </Modal>
  );
}
