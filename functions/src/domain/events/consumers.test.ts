/** The spine's lazy consumers (dispatch.ts): each is loaded only for the events it declares, so those must be the keys of its `on`. */
import { describe, expect, it } from 'vitest';
import { CONSUMERS } from './dispatch';

describe('lazy consumers', () => {
  it('declare exactly the events their module takes, under its own name', async () => {
    const lazy = CONSUMERS().filter((c) => 'load' in c);
    expect(lazy.length).toBeGreaterThan(0);
    for (const entry of lazy) {
      if (!('load' in entry)) continue;
      const loaded = await entry.load();
      expect(Object.keys(loaded.on).sort(), entry.name).toEqual([...entry.events].sort());
      expect(loaded.name, entry.name).toBe(entry.name);
    }
  });
});
