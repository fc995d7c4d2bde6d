/** Audio recording rules (spec 1 §4 "Input states", §9). */
import { MIN_AUDIO_BYTES } from '@conversa/shared/schemas/messages';

/** Recordings under 10,000 bytes are discarded (a tap, not a message). */
export const keepRecording = (bytes: number): boolean => bytes >= MIN_AUDIO_BYTES;

/** The first container the browser can record in: Ogg/Opus for WhatsApp, else WebM, else MP4 (Safari). */
export function pickAudioMime(isSupported: (mime: string) => boolean): string | undefined {
  return ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find(isSupported);
}

export function audioFileName(mime: string, now = new Date()): string {
  const ext = mime.startsWith('audio/ogg') ? 'ogg' : mime.startsWith('audio/mp4') ? 'm4a' : 'webm';
  return `audio-${now.toISOString().replace(/[:.]/g, '-')}.${ext}`;
}
