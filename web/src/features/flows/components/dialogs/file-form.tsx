import { useState, type FormEvent } from 'react';
import { CheckboxField, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import { notifyError } from '../../../../lib/notify';
import { toast } from '../../../../lib/toast';
import { useFlowFile } from '../../api/get-flow-file';
import { uploadFlowFile, uploadPathOf } from '../../api/upload-flow-files';
import { FLOW_TOAST_MS } from '../../lib/flow-name';
import { compressImage } from '../../lib/image-compress';
import { acceptOf, fileProblem } from '../../lib/node-forms';
import { FormError } from './form-error';
import { str, useNodeSubmit, type NodeFormProps } from './form-props';

export type FileKind = 'img' | 'audio' | 'video' | 'document';
const ADDED: Record<FileKind, string> = { img: 'imageAdded', audio: 'audioAdded', video: 'videoAdded', document: 'pdfAdded' };

/** A chosen or stored file's preview (images and players from a presigned address). */
export function FilePreview({ kind, file, stored }: { kind: FileKind; file?: File; stored?: string }) {
  const remote = useFlowFile(file ? undefined : stored);
  const [local] = useState(() => (file ? URL.createObjectURL(file) : undefined));
  const src = local ?? remote.data?.url;
  const name = file?.name ?? stored ?? '';
  if (!src) return name ? <p className="flow-form__file-name">{name}</p> : null;
  return (
    <div className="flow-form__preview">
      {kind === 'img' ? <img src={src} alt={name} /> : kind === 'audio' ? <audio controls src={src} /> : kind === 'video' ? <video controls src={src} /> : null}
      <p className="flow-form__file-name">{name}</p>
    </div>
  );
}

/** A file input styled as a button (the card and dialog pickers). */
export function FilePick({ kind, label, onPick, testId }: { kind: FileKind; label: string; onPick(f: File): void; testId?: string }) {
  return (
    <label className="amplify-button amplify-button--small flow-form__pick">
      <FileUp size={16} aria-hidden /> {label}
      <input
        type="file"
        accept={acceptOf(kind)}
        data-testid={testId}
        className="visually-hidden"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onPick(f);
        }}
      />
    </label>
  );
}

/**
 * Imagem, Audio, Video and PDF (spec 3 §4, §5): a new node takes a file (types and sizes checked,
 * images compressed to 0.7), uploaded with the dialog's spinner; audio has 'Enviar como audio
 * gravado na hora', on by default. In edit mode the file stays: only that flag changes.
 */
export function FileForm({ formId, mode, initial, onDone, setBusy, kind }: NodeFormProps & { kind: FileKind }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [record, setRecord] = useState(initial?.record !== false);
  const [uploading, setUploading] = useState(false);
  const { error, setError, fail, submit } = useNodeSubmit(kind, onDone);
  const stored = str(initial?.url);
  const withFlag = (url: string) => (kind === 'audio' ? { url, record } : kind === 'document' && initial?.record !== undefined ? { url, record: initial.record } : { url });

  const pick = (f: File) => {
    const p = fileProblem(kind, f);
    if (p) return fail(p);
    setError(undefined);
    setFile(f);
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'edit') return submit(withFlag(stored));
    if (!file) return fail({ key: 'errors.fileRequired' });
    setUploading(true);
    setBusy(true);
    try {
      let toSend = file;
      if (kind === 'img') {
        try {
          toSend = await compressImage(file);
        } catch {
          return fail({ key: 'errors.compress' });
        }
      }
      const name = await uploadFlowFile(uploadPathOf(kind), toSend);
      toast.success(t(`flows.dialog.${ADDED[kind]}`), FLOW_TOAST_MS);
      submit(withFlag(name));
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
      setBusy(false);
    }
  };
  return (
    <form id={formId} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {uploading ? (
        <div className="flow-form__uploading" role="status">
          <Loader size="large" /> {t('flows.dialog.uploading')}
        </div>
      ) : (
        <>
          {mode === 'create' ? <FilePick kind={kind} label={t('flows.dialog.pickFile')} onPick={pick} testId={`flow-file-${kind}`} /> : <p className="form-note">{t('flows.dialog.fileLocked')}</p>}
          {file ? <FilePreview key={file.name + file.size} kind={kind} file={file} /> : mode === 'edit' ? <FilePreview kind={kind} stored={stored} /> : null}
          {kind === 'audio' ? <CheckboxField label={t('flows.dialog.record')} name="record" checked={record} onChange={(e) => setRecord(e.target.checked)} /> : null}
        </>
      )}
      <FormError message={error} />
    </form>
  );
}
