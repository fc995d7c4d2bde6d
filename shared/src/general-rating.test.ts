import { describe, expect, it } from 'vitest';
import { losesGeneralMark } from './general-rating';

describe('one general rating', () => {
  it('a rating marked general takes the mark from the one that had it', () => {
    expect(losesGeneralMark({ id: 1, geral: true }, { id: 2, geral: true })).toBe(true);
  });
  it('nothing moves when the saved rating is not general, the other was not, or they are the same', () => {
    expect(losesGeneralMark({ id: 1, geral: true }, { id: 2, geral: false })).toBe(false);
    expect(losesGeneralMark({ id: 1, geral: false }, { id: 2, geral: true })).toBe(false);
    expect(losesGeneralMark({ id: 2, geral: true }, { id: 2, geral: true })).toBe(false);
  });
});
