/**
 * DynamoDB Local (the AWS emulator jar from amplify-dynamodb-simulator) as a child process.
 *
 * Java runs under a small `sh` wrapper that holds the read end of a pipe from this process: when
 * Node dies in any way (even SIGKILL), the pipe closes and the wrapper kills java. On top of that
 * stop(), the stack's signal handlers and process 'exit' kill java directly by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort, withTimeout } from './net-utils';
import { guardChild, pidAlive } from './process-guard';
import type { Logger } from './log';
import { sdkClientOptions } from '@conversa/functions/adapters/sdk-options';

export type DynamoDbLocal = {
  endpoint: string;
  port: number;
  /** pid of the java process itself. */
  javaPid: number;
  /** ListTables answered within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
};

const WRAPPER = `
exec 3<&0
"$@" </dev/null &
j=$!
echo "JAVA_PID=$j"
( while read -r _ <&3; do :; done; kill -9 "$j" 2>/dev/null ) &
w=$!
exec 3<&-
wait "$j"
c=$?
kill "$w" 2>/dev/null
exit $c
`;

export function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export function localDynamoClient(endpoint: string, timeoutMs = 2000): DynamoDBClient {
  return new DynamoDBClient({
    ...sdkClientOptions,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startOnce(opts: DynamoDbLocalOptions & { port: number }): Promise<DynamoDbLocal> {
  const emulator = emulatorDir();
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'conversa-ddb-'));
  const storage: string[] = ['-inMemory'];
  if (opts.persistDir) {
    const dbPath = path.resolve(opts.persistDir, 'dynamodb');
    mkdirSync(dbPath, { recursive: true });
    storage.splice(0, 1, '-sharedDb', '-dbPath', dbPath);
  }
  const javaArgs = [
    // On a small machine the C1 compiler alone and the serial GC start DynamoDB Local about twice as
    // fast and keep short runs (tests) faster too: C2 compiles eat the CPU. A long run (`npm start`,
    // the benchmarks) keeps C2: once warm it spends about a third less CPU per call (1.05 → 0.70 ms
    // for a PutItem or GetItem on two cores).
    '-XX:+UseSerialGC',
    ...(opts.longRun ? [] : ['-XX:TieredStopAtLevel=1']),
    `-Djava.library.path=${path.join(emulator, 'DynamoDBLocal_lib')}`,
    '-jar', path.join(emulator, 'DynamoDBLocal.jar'),
    ...storage, '-port', String(opts.port), '-disableTelemetry',
  ];
  const child: ChildProcess = spawn('sh', ['-c', WRAPPER, 'sh', 'java', ...javaArgs], { cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let output = '';
  let javaPid = 0;
  let exited = false;
  const exitPromise = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    });
  });
  const gotPid = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (buf: Buffer) => {
      output = (output + buf.toString()).slice(-8000);
      const m = /JAVA_PID=(\d+)/.exec(output);
      if (m && !javaPid) {
        javaPid = Number(m[1]);
        resolve(javaPid);
      }
    });
    child.once('error', reject);
    void exitPromise.then((code) => reject(new Error(`DynamoDB Local wrapper exited (${code}) before java started: ${output}`)));
  });
  child.stderr?.on('data', (buf: Buffer) => {
    output = (output + buf.toString()).slice(-8000);
  });

  const killSync = () => {
    if (javaPid) {
      try {
        process.kill(javaPid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    child.kill('SIGKILL');
  };
  const unguard = guardChild('dynamodb-local', killSync);
  const cleanupCwd = () => rmSync(cwd, { recursive: true, force: true });

  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localDynamoClient(endpoint, 1000);
  const ping = async (timeoutMs = 1000): Promise<boolean> => {
    try {
      await withTimeout(client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(timeoutMs) }), timeoutMs + 100, 'ListTables');
      return true;
    } catch {
      return false;
    }
  };

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (!exited) {
        if (javaPid && pidAlive(javaPid)) process.kill(javaPid, 'SIGTERM');
        else child.kill('SIGTERM');
        const code = await Promise.race([exitPromise, sleep(5000).then(() => 'timeout' as const)]);
        if (code === 'timeout') {
          killSync();
          await exitPromise;
        }
      }
      // The wrapper has reaped java once it exited; make sure anyway.
      if (javaPid && pidAlive(javaPid)) {
        try {
          process.kill(javaPid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      client.destroy();
      unguard();
      cleanupCwd();
    })();
    return stopping;
  };

  try {
    await gotPid;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (exited) throw new Error(`DynamoDB Local exited during startup: ${output.trim()}`);
      if (await ping(1000)) break;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 30 s: ${output.trim()}`);
      await sleep(100);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  opts.log.info('dynamodb local ready', { endpoint, javaPid, persist: opts.persistDir ? 'disk' : 'memory' });
  return { endpoint, port: opts.port, javaPid, ping, stop };
}

/** Starts DynamoDB Local on a free loopback port (retrying if the port was taken meanwhile). */
export type DynamoDbLocalOptions = {
  persistDir?: string;
  log: Logger;
  /** Tuned for a long run (the full JIT) rather than a quick start. */
  longRun?: boolean;
};

export async function startDynamoDbLocal(opts: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  let last: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce({ ...opts, port: await freePort() });
    } catch (err) {
      last = err;
      if (!/Address already in use|BindException/i.test(String(err))) break;
    }
  }
  throw last;
}
