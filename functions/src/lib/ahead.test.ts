import { describe, expect, it } from 'vitest';
import { ahead } from './ahead';

describe('ahead', () => {
  it('keeps a failed read from being unhandled until it is awaited, and the await still throws', async () => {
    const unhandled: unknown[] = [];
    const listen = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', listen);
    try {
      const read = ahead(Promise.reject(new Error('boom')));
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      await expect(read).rejects.toThrow('boom');
      expect(await ahead(Promise.resolve(7))).toBe(7);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
