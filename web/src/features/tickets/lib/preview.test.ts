import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

describe('ticket row preview', () => {
  it('drops the markers and line breaks of a text', () => {
    expect(previewText('*Ana*:\nOlá ~mundo~')).toBe('Ana: Olá mundo');
  });
});
