import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { FileSpreadsheet } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { messageKey } from '../../../lib/validation';
import { useImportContacts, useImportProgress } from '../api/import-contacts';
import { checkImportFile, IMPORT_ACCEPT, progressPercent, visibleErrors, type FileCheck } from '../lib/import-progress';

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
  const pct = progressPercent(p);
  const finished = p?.finished === true;
  const { shown, hidden } = visibleErrors(finished ? p : undefined);

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

  /** A row's reason: a catalogue code (duplicate…) or a validation message ('Too Short!'…). */
  const reason = (e: string): string => {
    if (/^ERR_/.test(e)) return errorMessage(e, currentLang(), e);
    const field = /^(\w+): (.+)$/.exec(e);
    return field ? `${field[1]}: ${t(messageKey(field[2]!))}` : t(messageKey(e));
  };
  const failure = (p as { failure?: string } | undefined)?.failure;

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
        {p ? (
          <div aria-live="polite">
            <div
              className={`progress${finished ? ' progress--done' : ''}`}
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              aria-label={t('contacts.import.title')}
            >
              <div className="progress__bar" style={{ width: `${pct}%` }} />
            </div>
            <p className="muted" data-testid="import-status">
              {finished ? t('contacts.import.finished') : p.total > 0 ? t('contacts.import.progress', { done: p.done, total: p.total }) : t('contacts.import.waiting')}
              {' · '}
              {pct}%
            </p>
            <ul className="import-summary" data-testid="import-summary">
              <li>{t('contacts.import.created', { count: p.created })}</li>
              <li>{t('contacts.import.skipped', { count: p.skipped })}</li>
              <li>{t('contacts.import.errors', { count: p.errors.length })}</li>
            </ul>
            {failure ? (
              <p className="field-error" role="alert">
                {reason(failure)}
              </p>
            ) : null}
            {shown.length > 0 ? (
              <ul className="import-errors">
                {shown.map((e) => (
                  <li key={`${e.row}-${e.error}`}>
                    <strong>{t('contacts.import.row', { row: e.row })}</strong>: {reason(e.error)}
                  </li>
                ))}
                {hidden > 0 ? <li className="muted">+{hidden}</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
