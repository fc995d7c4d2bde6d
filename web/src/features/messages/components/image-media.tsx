import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOff } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';

/** Image messages fetch the media as a blob (spec 1 §2, §7); a click enlarges it. */
function useBlobUrl(url: string | null): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    let objectUrl: string | undefined;
    fetch(url, { signal: ctrl.signal })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch((err: unknown) => {
        if ((err as { name?: string }).name !== 'AbortError') setState({ failed: true });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

export function ImageMedia({ url, alt }: { url: string | null; alt?: string }) {
  const { t } = useTranslation();
  const { src, failed } = useBlobUrl(url);
  const [open, setOpen] = useState(false);
  const label = alt || t('chat.message.imageAlt');
  if (failed || !url)
    return (
      <div className="chat-media chat-media--failed">
        <ImageOff size={20} aria-hidden /> {t('chat.message.mediaFailed')}
      </div>
    );
  return (
    <>
      <button type="button" className="chat-media chat-image" onClick={() => setOpen(true)} aria-label={t('chat.message.enlarge')} disabled={!src}>
        {src ? <img src={src} alt={label} /> : <span className="chat-image__placeholder" aria-hidden />}
      </button>
      <Modal open={open} title={label} onClose={() => setOpen(false)} size="large">
        {src ? <img src={src} alt={label} className="chat-image-large" /> : null}
      </Modal>
    </>
  );
}
