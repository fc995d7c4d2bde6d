/**
 * The new-message sound (spec 1 §9): a short two-tone chime made with Web Audio at the volume of
 * the right drawer (localStorage `volume`, 0–1, default 1), never longer than 5 s.
 */
import { NOTIFICATION_SOUND_MS, VOLUME_DEFAULT } from '@conversa/shared/constants';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';

export function notificationVolume(raw: string | null = readStorage(STORAGE_KEYS.volume)): number {
  const v = Number(raw);
  return raw !== null && raw !== '' && Number.isFinite(v) && v >= 0 && v <= 1 ? v : VOLUME_DEFAULT;
}

/** Tones of the chime: [frequency Hz, start s, length s]. */
export const CHIME: readonly [number, number, number][] = [
  [880, 0, 0.18],
  [1318.5, 0.16, 0.32],
];

let ctx: AudioContext | undefined;

/** Plays the chime; answers how long it lasts (ms), 0 when muted or audio is unavailable. */
export function playNotificationSound(volume = notificationVolume()): number {
  if (volume <= 0) return 0;
  const Ctor = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return 0;
  try {
    ctx ??= new Ctor();
    void ctx.resume();
    const t0 = ctx.currentTime;
    const gain = ctx.createGain();
    gain.gain.value = volume * 0.4;
    gain.connect(ctx.destination);
    let end = 0;
    for (const [freq, start, len] of CHIME) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      env.gain.setValueAtTime(0.0001, t0 + start);
      env.gain.exponentialRampToValueAtTime(1, t0 + start + 0.02);
      env.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
      osc.connect(env).connect(gain);
      osc.start(t0 + start);
      osc.stop(t0 + Math.min(start + len, NOTIFICATION_SOUND_MS / 1000));
      end = Math.max(end, start + len);
    }
    return Math.min(end * 1000, NOTIFICATION_SOUND_MS);
  } catch {
    return 0;
  }
}
