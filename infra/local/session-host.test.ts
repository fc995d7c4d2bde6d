/**
 * The session host child process on its own (no stack), played by testdata/session-host/fake-host.ts.
 * Under a live stack (environment, consuming, crash restart, kill/start, stop) it is tested in
 * stack.test.ts; a SIGKILLed stack taking it along in lifecycle.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from './log';
import { SessionHost } from './session-host';
import { hostRecords as records } from './testdata/session-host/records';

const here = path.dirname(fileURLToPath(import.meta.url));
const FAKE = path.join(here, 'testdata', 'session-host', 'fake-host.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(get: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

function capture(enabled = false): Logger & { lines: { level: string; msg: string; data?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, data?: Record<string, unknown>) => void lines.push({ level, msg, ...(data ? { data } : {}) });
  return { enabled, info: at('info'), warn: at('warn'), error: at('error'), lines };
}

describe('session host restarts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'conversa-host-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs off and restarts at most maxRestartsPerMinute times in a minute, logging each with its stderr', async () => {
    const out = path.join(dir, 'crash.jsonl');
    const log = capture(true);
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const spyErr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const host = new SessionHost({ entry: FAKE, restartBackoffMs: 20, maxRestartsPerMinute: 1 }, () => ({ FAKE_HOST_MODE: 'crash', FAKE_HOST_OUT: out }), log);
    try {
      await host.start();
      const restarting = () => log.lines.filter((l) => l.msg === 'session host exited; restarting');
      await until(() => restarting().length === 2);
      await sleep(200);
      expect(host.restarts()).toBe(1);
      expect(host.pid()).toBeUndefined();
      expect(records(out).map((r) => r.hostId)).toEqual(['local-1', 'local-2']);
      expect(restarting().map((l) => [l.data?.hostId, l.data?.code, l.data?.restart])).toEqual([
        ['local-1', 3, 1],
        ['local-2', 3, 2],
      ]);
      // The first restart after the backoff; the second waits for the minute to pass.
      expect(restarting()[0]!.data?.restartInMs).toBe(20);
      expect(restarting()[1]!.data?.restartInMs).toBeGreaterThan(50_000);
      expect(restarting()[0]!.data?.stderr).toEqual(['fake host: crashing on purpose']);
      // With logging on, the host's lines show up prefixed.
      expect(written.filter((w) => w.startsWith('[session-host]'))).toEqual([
        '[session-host] fake host local-1 up\n',
        '[session-host] fake host: crashing on purpose\n',
        '[session-host] fake host local-2 up\n',
        '[session-host] fake host: crashing on purpose\n',
      ]);
    } finally {
      spy.mockRestore();
      spyErr.mockRestore();
      await host.stop();
    }
    expect(host.restarts()).toBe(1);
  });

  it('starts nothing while the entry file does not exist', async () => {
    const log = capture();
    const host = new SessionHost({ entry: path.join(dir, 'not-written-yet.ts') }, () => ({}), log);
    await host.start();
    expect(host.pid()).toBeUndefined();
    expect(log.lines).toEqual([{ level: 'info', msg: 'session host not started: no entry file yet', data: { entry: expect.stringContaining('not-written-yet.ts') } }]);
    await host.stop();
  });
});
