import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Download, FileSpreadsheet } from 'lucide-react';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { messageKey } from '../../../lib/validation';
import { useImportList, useListImport } from '../api/import-list';
import { importPercent, isSpreadsheet, SAMPLE_HREF, SPREADSHEET_ACCEPT } from '../lib/list-import';

type Props = { open: boolean; contactListId: number; onClose(): void };

/**
 * The items page's import (spec 3 "Contact list items page"): a confirmation with the sample
 * spreadsheet's link, the file, then the job's progress live and its refused rows by line.
 */
export function ImportListDialog({ open, contactListId, onClose }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | undefined>();
  const [wrongType, setWrongType] = useState(false);
  const start = useImportList({ onSuccess: (p) => setJobId(p.jobId) });
  const progress = useListImport(contactListId, jobId);
  const p = progress.data ?? start.data;
  const running = start.isPending || (jobId !== undefined && !p?.finished);

  useEffect(() => {
    if (!open) return;
    setJobId(undefined);
    setWrongType(false);
    start.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!isSpreadsheet(file.name)) return setWrongType(true);
    setWrongType(false);
    setJobId(undefined);
    start.mutate({ contactListId, file });
  };

  return (
    <Modal open={open} title={t('contactLists.import.title')} onClose={onClose} footer={<Button variation="link" onClick={onClose}>{t('common.close')}</Button>}>
      <div className="import-box">
        <p className="form__lead">{t('contactLists.import.confirm')}</p>
        <p>
          <a href={SAMPLE_HREF} download data-testid="sample-link">
            <Download size={16} aria-hidden /> {t('contactLists.import.sample')}
          </a>
        </p>
        <div className="import-drop">
          <input ref={input} type="file" accept={SPREADSHEET_ACCEPT} hidden data-testid="list-import-file" onChange={(e) => { pick(e.target.files?.[0]); e.target.value = ''; }} />
          <Button variation="primary" gap="0.4rem" onClick={() => input.current?.click()} isDisabled={running}>
            <FileSpreadsheet size={16} aria-hidden />
            {p?.finished ? t('contactLists.import.another') : t('contactLists.import.chooseFile')}
          </Button>
          {start.isPending ? (
            <span className="muted">
              <Loader /> {t('contactLists.import.uploading')}
            </span>
          ) : null}
        </div>
        {wrongType ? <p className="field-error" role="alert">{t('contactLists.import.wrongType')}</p> : null}
        {start.isError ? <p className="field-error" role="alert">{errorMessage(start.error, currentLang(), t('errors.generic'))}</p> : null}
        {p ? <ListImportProgress p={p} /> : null}
      </div>
    </Modal>
  );
}

/** The bar, the counts, a whole-file failure and each refused row with its line. */
function ListImportProgress({ p }: { p: ImportProgress }) {
  const { t } = useTranslation();
  const pct = importPercent(p);
  const reason = (e: string): string => {
    if (/^ERR_/.test(e)) return errorMessage(e, currentLang(), e);
    const field = /^(\w+): (.+)$/.exec(e);
    if (!field) return t(messageKey(e));
    return `${t(`contactLists.import.fields.${field[1]}`, { defaultValue: field[1] })}: ${t(messageKey(field[2]!))}`;
  };
  return (
    <div aria-live="polite">
      <div className={`progress${p.finished ? (p.failure ? ' progress--failed' : ' progress--done') : ''}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('contactLists.import.title')}>
        <div className="progress__bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="muted" data-testid="list-import-status">
        {p.finished ? t('contactLists.import.finished') : p.total > 0 ? t('contactLists.import.progress', { done: p.done, total: p.total }) : t('contactLists.import.waiting')} · {pct}%
      </p>
      <ul className="import-summary">
        <li>{t('contactLists.import.created', { count: p.created })}</li>
        <li>{t('contactLists.import.skipped', { count: p.skipped })}</li>
      </ul>
      {p.failure ? <p className="field-error" role="alert">{reason(p.failure)}</p> : null}
      {p.errors.length > 0 ? (
        <ul className="import-errors" data-testid="list-import-errors">
          {[...p.errors].sort((a, b) => a.row - b.row).slice(0, 100).map((e) => (
            <li key={`${e.row}-${e.error}`}>
              <strong>{t('contactLists.import.row', { row: e.row })}</strong>: {reason(e.error)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
