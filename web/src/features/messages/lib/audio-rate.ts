/** Audio playback rate (spec 1 §2, §9): cycles 0.5 → 1 → 1.5 → 2 → 0.5, kept locally, default 1. */
import { AUDIO_RATES } from '@conversa/shared/constants';

export const AUDIO_RATE_KEY = 'audioMessageRate';
export type AudioRate = (typeof AUDIO_RATES)[number];
const DEFAULT_RATE: AudioRate = 1;

export function nextRate(rate: number): AudioRate {
  const i = AUDIO_RATES.indexOf(rate as AudioRate);
  return i < 0 ? DEFAULT_RATE : AUDIO_RATES[(i + 1) % AUDIO_RATES.length]!;
}

export function toRate(stored: string | null): AudioRate {
  const n = Number(stored);
  return stored !== null && (AUDIO_RATES as readonly number[]).includes(n) ? (n as AudioRate) : DEFAULT_RATE;
}

export function readRate(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): AudioRate {
  try {
    return toRate(storage?.getItem(AUDIO_RATE_KEY) ?? null);
  } catch {
    return DEFAULT_RATE;
  }
}

export function writeRate(rate: AudioRate, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(AUDIO_RATE_KEY, String(rate));
  } catch {
    /* private mode: the rate is simply not kept */
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** iOS Safari cannot play Ogg/Opus: the stored .mp3 twin is used instead. */
export function playableAudioUrl(url: string, isIOS: boolean): string {
  if (!isIOS) return url;
  return url.replace(/\.ogg(?=($|[?#]))/i, '.mp3');
}

export const isIOSDevice = (ua: string, maxTouchPoints = 0): boolean => /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
