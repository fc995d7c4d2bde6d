import { describe, expect, it } from 'vitest';
import { LAST_MESSAGE_PREVIEW_CHARS } from './constants';
import { lastMessagePreview, previewedMedia, sendsAsVoiceNote } from './channels';

describe('last-message preview', () => {
  it('is the text or caption; without one a document keeps its name, other media their kind', () => {
    expect(lastMessagePreview({ body: 'Olá', mediaType: 'image' })).toBe('Olá');
    expect(lastMessagePreview({ body: '', mediaType: 'application', filename: 'contrato.pdf' })).toBe('contrato.pdf');
    expect(lastMessagePreview({ body: '', mediaType: 'application', filename: '' })).toBe('[application]');
    expect(lastMessagePreview({ mediaType: 'audio', filename: 'audio-2026.webm' })).toBe('[audio]');
    expect(lastMessagePreview({ body: 'x'.repeat(300) })).toHaveLength(LAST_MESSAGE_PREVIEW_CHARS);
  });
  it('names the kind of a media preview back, nothing else', () => {
    expect(previewedMedia(lastMessagePreview({ mediaType: 'audio' }))).toBe('audio');
    expect(previewedMedia(' [locationMessage] ')).toBe('locationMessage');
    expect(previewedMedia('[audio] e mais')).toBeUndefined();
    expect(previewedMedia('contrato.pdf')).toBeUndefined();
    expect(previewedMedia('[pedido]')).toBeUndefined();
  });
});

describe('voice notes', () => {
  it('an Opus audio goes as one unless the job says not; an mp3 never (no transcoding); only audio', () => {
    expect(sendsAsVoiceNote({ mediaType: 'audio', mimetype: 'audio/ogg' })).toBe(true);
    expect(sendsAsVoiceNote({ mediaType: 'audio', mimetype: 'audio/webm;codecs=opus', voiceNote: true })).toBe(true);
    expect(sendsAsVoiceNote({ mediaType: 'audio', mimetype: 'audio/ogg', voiceNote: false })).toBe(false);
    expect(sendsAsVoiceNote({ mediaType: 'audio', mimetype: 'audio/mpeg', voiceNote: true })).toBe(false);
    expect(sendsAsVoiceNote({ mediaType: 'application', mimetype: 'audio/ogg', voiceNote: true })).toBe(false);
    expect(sendsAsVoiceNote({ mediaType: 'audio' })).toBe(false);
  });
});
