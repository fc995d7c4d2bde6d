import { describe, expect, it } from 'vitest';
import { isSignedBy, signed, unsigned } from './signature';

describe('signature', () => {
  it('is the bold name, a colon and a line break; unsigned takes it off only when it is there', () => {
    expect(signed('Ana', 'Oi')).toBe('*Ana*:\nOi');
    expect(unsigned('Ana', signed('Ana', 'Oi\nTudo bem?'))).toBe('Oi\nTudo bem?');
    expect(unsigned('Ana', '*Bia*:\nOi')).toBe('*Bia*:\nOi');
  });
  it("knows a text signed by the user, not by another or without the line break", () => {
    expect(isSignedBy('Ana', '*Ana*:\nOi')).toBe(true);
    expect(isSignedBy('Ana', '*Bia*:\nOi')).toBe(false);
    expect(isSignedBy('Ana', '*Ana*: Oi')).toBe(false);
  });
});
