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
  /** pid of the java process running now (a restart gives a new one). */
  readonly javaPid: number;
  /** ListTables answered within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** 'down' from java's unexpected exit until its restart answers and the restart hooks ran. */
  state(): 'up' | 'down';
  /** Times java was restarted after an exit nobody asked for. */
  restarts(): number;
  /** True when it was down at some moment since `t` (ms epoch), or is now. */
  downSince(t: number): boolean;
  /** Resolves when the state is 'up' (at once if it is). */
  whenUp(): Promise<void>;
  /** Runs after each restart, before the state goes back to 'up' (the stack checks its table there). */
  onRestart(hook: () => Promise<void>): void;
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

/** One java run: its pid, its exit, and how to end it. */
type JavaRun = { javaPid: number; exited: Promise<number | null>; hasExited(): boolean; stop(): Promise<void> };

async function startJava(opts: DynamoDbLocalOptions & { port: number; cwd: string }, ping: (ms: number) => Promise<boolean>): Promise<JavaRun> {
  const emulator = emulatorDir();
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
  const child: ChildProcess = spawn('sh', ['-c', WRAPPER, 'sh', 'java', ...javaArgs], { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
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
      unguard();
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
  return { javaPid, exited: exitPromise, hasExited: () => exited, stop };
}

export type DynamoDbLocalOptions = {
  persistDir?: string;
  log: Logger;
  /** Tuned for a long run (the full JIT) rather than a quick start. */
  longRun?: boolean;
  /** Restart java when it exits unasked (default true). */
  supervise?: boolean;
  /** Wait before restarting java (default 250 ms, doubling while restarts fail, up to 10 s). */
  restartBackoffMs?: number;
};

/**
 * Starts DynamoDB Local on a free loopback port (retrying if the port was taken meanwhile) and
 * supervises it: when java exits unasked (a crash, a kill), it is started again on the same port,
 * so every client's endpoint stays valid. With `persistDir` (`-sharedDb -dbPath`) the restart
 * finds the table, its items and its stream as they were: DynamoDB Local keeps them in SQLite, and
 * a write it answered is committed there. In memory (`-inMemory`, the tests' stacks) a restart
 * starts empty: the restart hooks create the table again, and what it held is gone (logged).
 */
export async function startDynamoDbLocal(opts: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'conversa-ddb-'));
  let run: JavaRun | undefined;
  let port = 0;
  let client: DynamoDBClient | undefined;
  const ping = async (timeoutMs = 1000): Promise<boolean> => {
    try {
      await withTimeout(client!.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(timeoutMs) }), timeoutMs + 100, 'ListTables');
      return true;
    } catch {
      return false;
    }
  };
  let last: unknown;
  for (let attempt = 0; attempt < 3 && !run; attempt++) {
    port = await freePort();
    client?.destroy();
    client = localDynamoClient(`http://127.0.0.1:${port}`, 1000);
    try {
      run = await startJava({ ...opts, port, cwd }, ping);
    } catch (err) {
      last = err;
      if (!/Address already in use|BindException/i.test(String(err))) break;
    }
  }
  if (!run) {
    client?.destroy();
    rmSync(cwd, { recursive: true, force: true });
    throw last;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  opts.log.info('dynamodb local ready', { endpoint, javaPid: run.javaPid, persist: opts.persistDir ? 'disk' : 'memory' });

  let state: 'up' | 'down' = 'up';
  let upAgainAt = 0;
  let restarts = 0;
  let stopped = false;
  const hooks: (() => Promise<void>)[] = [];
  let upWaiters: (() => void)[] = [];
  const setUp = () => {
    state = 'up';
    upAgainAt = Date.now();
    for (const w of upWaiters.splice(0)) w();
  };

  /** Restarts java until it answers again (backoff between tries), then runs the hooks. */
  const supervise = async (current: JavaRun): Promise<void> => {
    const code = await current.exited;
    if (stopped || opts.supervise === false) return;
    state = 'down';
    const upSince = Date.now();
    opts.log.error('dynamodb local exited; restarting it', { code, javaPid: current.javaPid, data: opts.persistDir ? 'kept on disk' : 'in memory: lost' });
    await current.stop();
    const base = opts.restartBackoffMs ?? 250;
    for (let attempt = 0; !stopped; attempt++) {
      await sleep(Math.min(10_000, base * 2 ** attempt));
      if (stopped) return;
      try {
        run = await startJava({ ...opts, port, cwd }, ping);
      } catch (err) {
        opts.log.error('dynamodb local restart failed; trying again', { attempt: attempt + 1, err: String(err).slice(0, 500) });
        continue;
      }
      restarts++;
      break;
    }
    if (stopped) {
      await run?.stop();
      return;
    }
    const next = run!;
    void supervise(next);
    for (const h of hooks) {
      await h().catch((err: unknown) => opts.log.error('dynamodb local restart hook failed', { err: String(err).slice(0, 500) }));
    }
    opts.log.info('dynamodb local restarted', { javaPid: next.javaPid, downMs: Date.now() - upSince, restarts });
    if (!next.hasExited()) setUp();
  };
  void supervise(run);

  return {
    endpoint,
    port,
    get javaPid() {
      return run!.javaPid;
    },
    ping,
    state: () => state,
    downSince: (t) => state === 'down' || upAgainAt >= t,
    restarts: () => restarts,
    whenUp: () => (state === 'up' ? Promise.resolve() : new Promise<void>((resolve) => upWaiters.push(resolve))),
    onRestart(hook) {
      hooks.push(hook);
    },
    async stop() {
      stopped = true;
      await run?.stop();
      client?.destroy();
      for (const w of upWaiters.splice(0)) w();
      upWaiters = [];
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
