import { describe, expect, it } from 'vitest';
import { isHexColor, textOn } from './color';

describe('colours', () => {
  it('accepts the three hex forms only', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#0B7A75')).toBe(true);
    expect(isHexColor('#0B7A75CC')).toBe(true);
    expect(isHexColor('#0B7A7')).toBe(false);
    expect(isHexColor('red')).toBe(false);
  });
  it('puts black text on light colours and white on dark ones', () => {
    expect(textOn('#ffeb3b')).toBe('#000000');
    expect(textOn('#fff')).toBe('#000000');
    expect(textOn('#0b7a75')).toBe('#ffffff');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('not a colour')).toBe('#ffffff');
  });
});
