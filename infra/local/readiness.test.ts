/**
 * Health means ready: /api/health (and the rest of /api) answers 503 `starting` until the seed has
 * run and the session host has started, so a login right after the first 200 finds its user.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handlerResolver } from './handler-resolver';
import { freePort } from './net-utils';
import { startStack } from './stack';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('readiness', () => {
  it('answers /api/health 200 only after the seed has run', async () => {
    const port = await freePort();
    const base = handlerResolver(path.join(here, 'testdata'));
    let release!: () => void;
    const seedGate = new Promise<void>((r) => (release = r));
    let seeded = false;
    let seeding = false;
    const slowSeed = async () => {
      seeding = true;
      await seedGate;
      seeded = true;
      return { created: true, logins: [] };
    };
    const starting = startStack({ port, seed: true, routes: [], queues: [], sessionHost: false, handleSignals: false, resolveHandler: async (mod, fn) => (mod === 'domain/platform/seed' ? slowSeed : base(mod, fn)) });
    // Health as asked while the seed runs.
    const seen: { status: number; body: unknown; retryAfter: string | null; seeded: boolean }[] = [];
    const poll = async () => {
      for (;;) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (res && (seeding || res.status === 200)) {
          seen.push({ status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after'), seeded });
          if (res.status === 200) return;
        }
        await new Promise((r) => setTimeout(r, 50));
        // Let the seed finish once health has been asked a few times while it ran.
        if (seen.length === 5) release();
      }
    };
    await poll();
    release();
    const stack = await starting;
    try {
      expect(seen.length).toBeGreaterThan(5);
      expect(seen.slice(0, 5).every((s) => s.status === 503 && (s.body as { status: string }).status === 'starting' && s.retryAfter === '1')).toBe(true);
      const firstOk = seen.find((s) => s.status === 200)!;
      expect(firstOk.seeded).toBe(true);
    } finally {
      await stack.stop();
    }
  }, 60_000);
});
