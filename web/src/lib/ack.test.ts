import { describe, expect, it } from 'vitest';
import { ackIcon } from './ack';

describe('ack ticks (spec 1 §2)', () => {
  it('0 clock, 1 single, 2 double, 3 and 4 read', () => {
    expect([0, 1, 2, 3, 4].map(ackIcon)).toEqual(['pending', 'sent', 'delivered', 'read', 'read']);
  });
});
