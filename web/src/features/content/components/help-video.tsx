import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoOff } from 'lucide-react';

/** How long the video host has to answer before the placeholder shows. */
export const VIDEO_PROBE_MS = 4000;

/**
 * A help entry's video (spec 3 "Help page": embedded by its YouTube id). Whether the host can be
 * reached is found out honestly before the player is put in: the video's thumbnail is loaded from
 * YouTube's image host, and only when it arrives (within VIDEO_PROBE_MS) does the embed show; when
 * it fails or does not arrive, a placeholder says so, with the link to open it.
 */
export function HelpVideo({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'probing' | 'ok' | 'unreachable'>('probing');

  useEffect(() => {
    let done = false;
    const img = new Image();
    const finish = (s: 'ok' | 'unreachable') => {
      if (done) return;
      done = true;
      setState(s);
    };
    img.onload = () => finish(img.naturalWidth > 0 ? 'ok' : 'unreachable');
    img.onerror = () => finish('unreachable');
    img.src = `https://i.ytimg.com/vi/${encodeURIComponent(id)}/mqdefault.jpg`;
    const timer = setTimeout(() => finish('unreachable'), VIDEO_PROBE_MS);
    return () => {
      done = true;
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
    };
  }, [id]);

  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
  if (state === 'ok') {
    return (
      <div className="help-video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`}
          title={t('content.helps.videoTitle', { title })}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  }
  return (
    <div className="help-video help-video--placeholder" role="status" data-state={state}>
      {state === 'probing' ? (
        <p>{t('content.helps.videoLoading')}</p>
      ) : (
        <>
          <VideoOff size={32} aria-hidden />
          <p>{t('content.helps.videoUnavailable')}</p>
          <a href={watch} target="_blank" rel="noreferrer noopener">
            {t('content.helps.openVideo')}
          </a>
        </>
      )}
    </div>
  );
}
