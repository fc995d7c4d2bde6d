/**
 * The session host's production bundle (session-host/build.mjs, what the image runs): built here,
 * then started with plain `node` — no tsx, no node_modules beside it — until it reports it started,
 * and stopped with SIGTERM as ECS stops it. Its size is printed (issue 24: the image holds only it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { buildSessionHost } from '../../session-host/build.mjs';

describe('session host bundle', () => {
  let dir: string;
  let main: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'conversa-host-bundle-'));
    const outputs = (await buildSessionHost(dir)) as { file: string; bytes: number }[];
    main = path.join(dir, 'main.mjs');
    for (const o of outputs) console.log(`session host bundle: ${path.basename(o.file)} ${(o.bytes / 1024 / 1024).toFixed(2)} MB`);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one file without tsx, well under the old image’s 283 MB of node_modules', () => {
    expect(statSync(main).size).toBeLessThan(8 * 1024 * 1024);
    expect(readFileSync(main, 'utf8')).not.toMatch(/from ?["']tsx/);
  });

  it('starts under plain node from a folder with nothing else, and stops cleanly on SIGTERM', async () => {
    // Nothing listens on these ports: the host starts, logs its failed reads, and must still stop cleanly.
    const env = { PATH: process.env.PATH, HOST_ID: 'bundle-test', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', SQS_ENDPOINT: 'http://127.0.0.1:9', TABLE_NAME: 'none' };
    const child = spawn(process.execPath, [main], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const deadline = Date.now() + 30_000;
    while (!out.includes('session host started') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain('"msg":"session host started"');
    expect(child.spawnargs).toEqual([process.execPath, main]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('"msg":"stopping"');
    expect(out).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
  }, 60_000);
});
