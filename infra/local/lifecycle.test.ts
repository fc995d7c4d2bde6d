/**
 * The stack's processes never outlive it: a signal stops everything and exits 0, a SIGKILLed stack
 * process still takes java and the session host with it. And a persistent stack keeps its data and sessions across restarts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from './dynamodb-local';
import { REPO_ROOT } from './local-env';
import { pidAlive } from './process-guard';
import { startStack } from './stack';
import { running } from './testdata/session-host/records';

const here = path.dirname(fileURLToPath(import.meta.url));
type Started = { child: ChildProcess; info: { pid: number; javaPid: number; hostPid: number; port: number }; exit: Promise<number | null> };

function startChild(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testdata', 'run-stack.ts')], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"pid"'));
      if (line) resolve({ child, info: JSON.parse(line) as Started['info'], exit });
    });
    void exit.then((code) => reject(new Error(`child exited ${code}: ${err}`)));
  });
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('process lifecycle', () => {
  let a: Started;
  let b: Started;
  beforeAll(async () => {
    [a, b] = await Promise.all([startChild(), startChild()]);
  });
  afterAll(() => {
    for (const s of [a, b]) {
      if (!s) continue;
      for (const pid of [s.info.pid, s.info.javaPid, s.info.hostPid]) if (pid && pidAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('SIGTERM stops everything cleanly and exits 0', async () => {
    expect(pidAlive(a.info.javaPid)).toBe(true);
    expect(running(a.info.hostPid)).toBe(true);
    expect(await portOpen(a.info.port)).toBe(true);
    a.child.kill('SIGTERM');
    expect(await a.exit).toBe(0);
    expect(pidAlive(a.info.javaPid)).toBe(false);
    expect(running(a.info.hostPid)).toBe(false);
    expect(await portOpen(a.info.port)).toBe(false);
  });

  it('a SIGKILLed stack process still takes DynamoDB Local and the session host with it', async () => {
    expect(pidAlive(b.info.javaPid)).toBe(true);
    expect(running(b.info.hostPid)).toBe(true);
    b.child.kill('SIGKILL');
    await b.exit;
    await until(() => !pidAlive(b.info.javaPid) && !running(b.info.hostPid), 5000);
  });
});

describe('persistence', () => {
  it('keeps table data and the JWT secret in persistDir across restarts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'conversa-persist-'));
    try {
      const opts = { port: 0, persistDir: dir, seed: false, handlersRoot: path.join(here, 'testdata'), routes: [], queues: [], sessionHost: false };
      const first = await startStack(opts);
      const secret = first.env.JWT_SECRET;
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
      const ddb1 = localDynamoClient(first.env.DYNAMODB_ENDPOINT!);
      await ddb1.send(new PutItemCommand({ TableName: 'conversa', Item: { PK: { S: 'P#test' }, SK: { S: 'x' }, v: { N: '1' } } }));
      ddb1.destroy();
      await first.stop();

      const second = await startStack(opts);
      try {
        expect(second.env.JWT_SECRET).toBe(secret);
        const ddb2 = localDynamoClient(second.env.DYNAMODB_ENDPOINT!);
        const got = await ddb2.send(new GetItemCommand({ TableName: 'conversa', Key: { PK: { S: 'P#test' }, SK: { S: 'x' } } }));
        ddb2.destroy();
        expect(got.Item?.v).toEqual({ N: '1' });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
