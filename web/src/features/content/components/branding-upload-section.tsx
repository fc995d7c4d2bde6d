import { useRef, useState } from 'react';
import { Button, SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DOC_REFS, LOGO_REFS, LOGO_SIZES, type DocRef, type LogoRef } from '@conversa/shared/schemas/branding';
import { useBranding } from '../../../lib/branding';
import { toast } from '../../../lib/toast';
import { useUploadBranding } from '../api/branding-upload';

type Props = { kind: 'logo' | 'doc' };

const isPngName = (f: File) => f.type === 'image/png' || /\.png$/i.test(f.name);
const isPdfName = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);

/**
 * Settings > Logos/Icons and Documents (spec 2 §5): a destination, a file, send. The browser checks
 * what it can ('Escolha um destino!', 'Escolha um arquivo!', PNG/PDF only); the server checks the
 * file's content and, for logos, its size in pixels.
 */
export function BrandingUploadSection({ kind }: Props) {
  const { t } = useTranslation();
  const branding = useBranding();
  const refs: readonly string[] = kind === 'logo' ? LOGO_REFS : DOC_REFS;
  const [ref, setRef] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBranding({
    onSuccess: () => {
      toast.success(t('content.uploads.sent'));
      setFile(undefined);
      if (input.current) input.current.value = '';
    },
  });
  const existing = kind === 'logo' ? branding.data?.logos : branding.data?.documents;

  const send = () => {
    if (!ref) return void toast.error(t('content.uploads.noDestination'));
    if (!file) return void toast.error(t('content.uploads.noFile'));
    if (kind === 'logo' && !isPngName(file)) return void toast.error(t('content.uploads.pngOnly'));
    if (kind === 'doc' && !isPdfName(file)) return void toast.error(t('content.uploads.pdfOnly'));
    upload.mutate(kind === 'logo' ? { kind, ref: ref as LogoRef, file } : { kind, ref: ref as DocRef, file });
  };

  const size = kind === 'logo' && ref ? LOGO_SIZES[ref as LogoRef] : undefined;
  return (
    <section className="content-panel" aria-labelledby={`${kind}-upload-title`}>
      <h2 id={`${kind}-upload-title`} className="content-panel__title">{t(kind === 'logo' ? 'content.uploads.logosTitle' : 'content.uploads.docsTitle')}</h2>
      <p className="muted">{t(kind === 'logo' ? 'content.uploads.logosHint' : 'content.uploads.docsHint')}</p>
      <div className="upload-form">
        <SelectField label={t('content.uploads.destination')} value={ref} onChange={(e) => setRef(e.target.value)} placeholder={t('content.uploads.chooseDestination')}>
          {refs.map((r) => (
            <option key={r} value={r}>
              {t(`content.uploads.refs.${r}`)}
            </option>
          ))}
        </SelectField>
        <label className="upload-form__file">
          <span>{t('content.uploads.file')}</span>
          <input ref={input} type="file" accept={kind === 'logo' ? 'image/png,.png' : 'application/pdf,.pdf'} onChange={(e) => setFile(e.target.files?.[0])} />
        </label>
        <Button variation="primary" isLoading={upload.isPending} loadingText={t('content.uploads.sending')} onClick={send}>
          {t('content.uploads.send')}
        </Button>
      </div>
      {size ? <p className="muted">{t('content.uploads.sizeHint', size)}</p> : null}
      <ul className="branding-files">
        {refs.map((r) => {
          const f = existing?.[r as keyof typeof existing] as { url: string } | undefined;
          return (
            <li key={r} className="branding-files__item" data-ref={r}>
              <span className="branding-files__name">{t(`content.uploads.refs.${r}`)}</span>
              {f ? (
                kind === 'logo' ? (
                  <img src={f.url} alt={t(`content.uploads.refs.${r}`)} className="branding-files__thumb" />
                ) : (
                  <a href={f.url} target="_blank" rel="noreferrer noopener">
                    {t('content.uploads.open')}
                  </a>
                )
              ) : (
                <span className="muted">{t('content.uploads.none')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
