import { describe, expect, it } from 'vitest';
import { dayOf } from './satisfaction';

describe('satisfaction dates', () => {
  it('DD/MM/YYYY → YYYY-MM-DD; impossible days refused', () => {
    expect(dayOf('03/12/2023')).toBe('2023-12-03');
    expect(dayOf('29/02/2024')).toBe('2024-02-29');
    expect(dayOf('29/02/2025')).toBeUndefined();
    expect(dayOf('31/04/2025')).toBeUndefined();
    expect(dayOf('2025-04-01')).toBeUndefined();
  });
});
