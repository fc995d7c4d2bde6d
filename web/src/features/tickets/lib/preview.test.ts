import { describe, expect, it } from 'vitest';
import { previewedMedia as previewMedia } from '@conversa/shared/channels';
import { previewText } from './preview';

describe('ticket row preview', () => {
  it('drops the markers and line breaks of a text', () => {
    expect(previewText('*Ana*:\nOlá ~mundo~')).toBe('Ana: Olá mundo');
  });
  it('names the kind of a media message without a caption, nothing else', () => {
    expect(previewMedia('[audio]')).toBe('audio');
    expect(previewMedia(' [locationMessage] ')).toBe('locationMessage');
    expect(previewMedia('[audio] e mais')).toBeUndefined();
    expect(previewMedia('contrato.pdf')).toBeUndefined();
    expect(previewMedia('[pedido]')).toBeUndefined();
  });
});
