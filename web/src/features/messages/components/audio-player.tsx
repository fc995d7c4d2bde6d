import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIOSDevice, nextRate, playableAudioUrl, readRate, writeRate, type AudioRate } from '../lib/audio-rate';

/** The one audio playing in the app: starting another pauses it (spec 1 §2). */
let playing: HTMLAudioElement | null = null;
const onIOS = typeof navigator !== 'undefined' && isIOSDevice(navigator.userAgent, navigator.maxTouchPoints);

/**
 * Audio message: the browser's player plus the rate button (0.5 → 1 → 1.5 → 2, kept in
 * localStorage `audioMessageRate`). On iOS an .ogg is played from its .mp3 twin, falling back to
 * the original when there is none. Playback failures are only logged (spec 1 §8).
 */
export function AudioPlayer({ url }: { url: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState<AudioRate>(readRate);
  const [src, setSrc] = useState(() => playableAudioUrl(url, onIOS));

  useEffect(() => setSrc(playableAudioUrl(url, onIOS)), [url]);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate, src]);
  useEffect(
    () => () => {
      if (playing === ref.current) playing = null;
    },
    [],
  );

  const cycle = () => {
    const r = nextRate(rate);
    writeRate(r);
    setRate(r);
  };

  return (
    <div className="chat-audio">
      <audio
        ref={ref}
        controls
        preload="metadata"
        src={src}
        onPlay={(e) => {
          if (playing && playing !== e.currentTarget) playing.pause();
          playing = e.currentTarget;
          e.currentTarget.playbackRate = rate;
        }}
        onLoadedMetadata={(e) => (e.currentTarget.playbackRate = rate)}
        onError={() => {
          if (src !== url) setSrc(url);
          else console.warn('audio playback failed', url);
        }}
      />
      <button type="button" className="chat-audio__rate" onClick={cycle} aria-label={t('chat.message.audioRate', { rate })} title={t('chat.message.audioRate', { rate })}>
        {rate}x
      </button>
    </div>
  );
}
