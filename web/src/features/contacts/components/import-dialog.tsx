import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { FileSpreadsheet } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { useImportContacts, useImportProgress } from '../api/import-contacts';
import { checkImportFile, IMPORT_ACCEPT, type FileCheck } from '../lib/import-progress';
import { ImportProgressView } from './import-progress-view';

type Props = { open: boolean; onClose(): void };

/** Spreadsheet import (spec 2 §4/§5): upload, then a progress bar polling the job to its end. */
export function ImportDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | undefined>();
  const [fileError, setFileError] = useState<Exclude<FileCheck, 'ok'> | undefined>();
  const start = useImportContacts({ onSuccess: (p) => setJobId(p.jobId) });
  const progress = useImportProgress(jobId);
  const p = progress.data ?? start.data;
  const finished = p?.finished === true;

  useEffect(() => {
    if (!open) return;
    setJobId(undefined);
    setFileError(undefined);
    start.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const check = checkImportFile(file);
    if (check !== 'ok') return setFileError(check);
    setFileError(undefined);
    setJobId(undefined);
    start.mutate(file);
  };

  const running = start.isPending || (jobId !== undefined && !finished);

  return (
    <Modal
      open={open}
      title={t('contacts.import.title')}
      onClose={onClose}
      footer={
        <Button variation="link" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div className="import-box">
        <p className="form__lead">{t('contacts.import.hint')}</p>
        <div className="import-drop">
          <input
            ref={input}
            type="file"
            accept={IMPORT_ACCEPT}
            hidden
            data-testid="import-file"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button gap="0.4rem" onClick={() => input.current?.click()} isDisabled={running}>
            <FileSpreadsheet size={16} aria-hidden />
            {finished ? t('contacts.import.another') : t('contacts.import.chooseFile')}
          </Button>
          {start.isPending ? (
            <span className="muted">
              <Loader /> {t('contacts.import.uploading')}
            </span>
          ) : null}
        </div>
        {fileError ? (
          <p className="field-error" role="alert">
            {t(`contacts.import.${fileError}`)}
          </p>
        ) : null}
        {p ? <ImportProgressView p={p} progressText={(x) => t('contacts.import.progress', { done: x.done, total: x.total })} waitingText={t('contacts.import.waiting')} /> : null}
      </div>
    </Modal>
  );
}
