import { describe, expect, it } from 'vitest';
import { replyWindow } from '@conversa/shared/reply-window';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { ackIcon } from '../../../lib/ack';
import { AUDIO_RATE_KEY, nextRate, playableAudioUrl, readRate, toRate, writeRate } from './audio-rate';
import { matchQuickReplies, previewText, quickReplyQuery } from './quick-replies';
import { keepRecording, pickAudioMime } from './recording';
import { formatLeft } from './reply-window';

describe('ackIcon', () => {
  it('maps 0 clock, 1 tick, 2 double tick, 3 and 4 read', () => {
    expect([0, 1, 2, 3, 4].map(ackIcon)).toEqual(['pending', 'sent', 'delivered', 'read', 'read']);
  });
});

describe('audio rate', () => {
  it('cycles 0.5 → 1 → 1.5 → 2 → 0.5', () => {
    expect([nextRate(0.5), nextRate(1), nextRate(1.5), nextRate(2)]).toEqual([1, 1.5, 2, 0.5]);
    expect(nextRate(3)).toBe(1);
  });
  it('is kept under audioMessageRate, 1 by default or when unreadable', () => {
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
    expect(readRate(storage)).toBe(1);
    writeRate(1.5, storage);
    expect(mem.get(AUDIO_RATE_KEY)).toBe('1.5');
    expect(readRate(storage)).toBe(1.5);
    expect(toRate('7')).toBe(1);
    expect(toRate('abc')).toBe(1);
  });
  it('swaps .ogg for .mp3 on iOS only', () => {
    expect(playableAudioUrl('https://s3/x/a.ogg?sig=1', true)).toBe('https://s3/x/a.mp3?sig=1');
    expect(playableAudioUrl('https://s3/x/a.ogg?sig=1', false)).toBe('https://s3/x/a.ogg?sig=1');
    expect(playableAudioUrl('https://s3/x/a.mp4', true)).toBe('https://s3/x/a.mp4');
  });
});

describe('quick replies', () => {
  const q = (id: number, shortcode: string, message = 'text'): QuickMessageView => ({ id, shortcode, message, geral: true, userId: 1, mediaKey: null, mediaName: null, mediaType: null, mimetype: null, createdAt: '', updatedAt: '' });
  it('needs a leading / and 2 or more characters', () => {
    expect(quickReplyQuery('/')).toBeUndefined();
    expect(quickReplyQuery('hi /ab')).toBeUndefined();
    expect(quickReplyQuery('/Ol')).toBe('ol');
    expect(quickReplyQuery('/ola mundo')).toBeUndefined();
  });
  it('lists prefix matches first, then the others containing the text', () => {
    const list = [q(1, 'boleto'), q(2, 'ola'), q(3, 'pix-ola'), q(4, 'Olá2')];
    expect(matchQuickReplies(list, 'ol').map((m) => m.id)).toEqual([2, 4, 1, 3]);
    expect(matchQuickReplies(list, 'xyz')).toEqual([]);
  });
  it('cuts previews at 35 characters', () => {
    expect(previewText('a'.repeat(35))).toBe('a'.repeat(35));
    expect(previewText(`${'b'.repeat(40)}`)).toBe(`${'b'.repeat(35)}...`);
    expect(previewText('line one\n\nline  two')).toBe('line one line two');
  });
});

describe('recording', () => {
  it('discards recordings under 10,000 bytes', () => {
    expect(keepRecording(9_999)).toBe(false);
    expect(keepRecording(10_000)).toBe(true);
  });
  it('prefers Ogg/Opus, then WebM, then MP4', () => {
    expect(pickAudioMime(() => true)).toBe('audio/ogg;codecs=opus');
    expect(pickAudioMime((m) => m.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
    expect(pickAudioMime((m) => m === 'audio/mp4')).toBe('audio/mp4');
    expect(pickAudioMime(() => false)).toBeUndefined();
  });
});

describe('24-hour reply window', () => {
  const now = Date.parse('2025-05-10T12:00:00Z');
  it('does not apply to WhatsApp or the sandbox', () => {
    expect(replyWindow('whatsapp', '2025-05-01T00:00:00Z', now).kind).toBe('none');
    expect(replyWindow('sandbox', null, now).kind).toBe('none');
  });
  it('counts down from the last customer message, then closes', () => {
    const w = replyWindow('instagram', '2025-05-10T02:30:00Z', now);
    expect(w.kind).toBe('open');
    if (w.kind === 'open') expect(formatLeft(w.msLeft)).toEqual({ hours: 14, minutes: 30 });
    const c = replyWindow('facebook', '2025-05-09T11:00:00Z', now);
    expect(c).toEqual({ kind: 'closed', closedAt: new Date('2025-05-10T11:00:00Z') });
    expect(replyWindow('wppoficial', null, now).kind).toBe('waiting');
  });
});
