/**
 * The session host (session-host/src/main.ts) as a child process of the local stack, the way ECS
 * runs it in AWS: `node --import tsx <entry>` with the stack's environment plus `HOST_ID=local-<n>`
 * (n counts the processes this stack started: a restarted host is a new host, like a new task).
 *
 * - It never outlives the stack: stop() ends it (SIGTERM, then SIGKILL), process 'exit' kills it
 *   (process-guard), and a pipe on its fd 3 watched by child-guard.ts ends it when the stack
 *   process dies in any other way (SIGKILL included). It runs in its own process group, so a
 *   Ctrl-C reaches the stack, which then stops it in order.
 * - A crash (any exit nobody asked for) restarts it after a backoff (doubling from
 *   `restartBackoffMs` up to 10 s, reset after a minute of running) and at most
 *   `maxRestartsPerMinute` times in any minute; each restart is logged with the exit and the last
 *   lines of stderr.
 * - kill() ends it (SIGKILL by default) and keeps it down until start().
 * - A missing entry file starts nothing (one log line); start() looks again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO_ROOT } from './local-env';
import { errData, type Logger } from './log';
import { guardChild } from './process-guard';

export const DEFAULT_SESSION_HOST_ENTRY = path.join(REPO_ROOT, 'session-host', 'src', 'main.ts');
const CHILD_GUARD = pathToFileURL(fileURLToPath(new URL('./child-guard.ts', import.meta.url))).href;

export type SessionHostOptions = {
  /** Default session-host/src/main.ts; relative paths are from the repo root. */
  entry?: string;
  /** First restart delay after a crash, doubling up to 10 s (default 1000 ms). */
  restartBackoffMs?: number;
  /** Crash restarts allowed in any 60 s window (default 5); further ones wait for the window. */
  maxRestartsPerMinute?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 5000 ms). */
  stopTimeoutMs?: number;
};

/** What the stack exposes (`stack.sessionHost`). */
export type SessionHostControl = {
  /** pid of the running host process, undefined while none runs. */
  pid(): number | undefined;
  /** HOST_ID of the running (or last) host process: `local-<n>`. */
  hostId(): string | undefined;
  /** Ends the host (SIGKILL by default) and does not restart it until start(). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the host if it is not running (resolves once the process is spawned). */
  start(): Promise<void>;
  /** Automatic restarts after crashes so far. */
  restarts(): number;
};

const MAX_BACKOFF_MS = 10_000;
const STABLE_MS = 60_000;
const WINDOW_MS = 60_000;
const TAIL_LINES = 20;

export class SessionHost implements SessionHostControl {
  readonly entry: string;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private unguard?: () => void;
  private n = 0;
  private currentHostId?: string;
  private restartCount = 0;
  private restartTimes: number[] = [];
  private consecutive = 0;
  private restartTimer?: NodeJS.Timeout;
  /** The host should be running (false after kill() and stop()). */
  private wanted = false;
  private closed = false;
  private readonly backoffMs: number;
  private readonly maxPerMinute: number;
  private readonly stopTimeoutMs: number;

  constructor(
    opts: SessionHostOptions,
    private readonly env: () => Record<string, string | undefined>,
    private readonly log: Logger,
  ) {
    this.entry = path.resolve(REPO_ROOT, opts.entry ?? DEFAULT_SESSION_HOST_ENTRY);
    this.backoffMs = opts.restartBackoffMs ?? 1000;
    this.maxPerMinute = Math.max(1, opts.maxRestartsPerMinute ?? 5);
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 5000;
  }

  pid(): number | undefined {
    return this.child?.pid;
  }

  hostId(): string | undefined {
    return this.currentHostId;
  }

  restarts(): number {
    return this.restartCount;
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('the stack is stopped');
    this.wanted = true;
    this.consecutive = 0;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    if (this.child) return;
    await this.spawnOnce();
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    this.wanted = false;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    await this.end(signal);
  }

  /** Ends the host for good (the stack is stopping). */
  async stop(): Promise<void> {
    this.closed = true;
    await this.kill('SIGTERM');
  }

  /** Sends `signal`, waits for the exit (SIGKILL after stopTimeoutMs). */
  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    const exited = this.exited;
    if (!child || !exited) return;
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
    if (signal === 'SIGKILL') return exited;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), this.stopTimeoutMs)));
    const outcome = await Promise.race([exited.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.log.warn('session host did not stop in time; killing it', { pid: child.pid, timeoutMs: this.stopTimeoutMs });
      try {
        child.kill('SIGKILL');
      } catch {
        // gone
      }
      await exited;
    }
  }

  private async spawnOnce(): Promise<void> {
    if (!existsSync(this.entry)) {
      this.log.info('session host not started: no entry file yet', { entry: path.relative(REPO_ROOT, this.entry) });
      return;
    }
    this.n += 1;
    const hostId = `local-${this.n}`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', CHILD_GUARD, this.entry], {
      cwd: REPO_ROOT,
      // One local host runs every company's sessions (sandbox sessions are in-memory and cheap), so it
      // gets more room than a Fargate task's default of 20; MAX_SESSIONS in the environment still wins.
      env: { MAX_SESSIONS: '500', ...process.env, ...this.env(), HOST_ID: hostId, CONVERSA_PARENT_PIPE_FD: '3' },
      // fd 3: the pipe child-guard.ts watches.
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.currentHostId = hostId;
    const startedAt = Date.now();
    const tail: string[] = [];
    this.forward(child.stdout!, process.stdout, null);
    this.forward(child.stderr!, process.stderr, tail);
    const killSync = () => {
      try {
        if (child.pid) process.kill(child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    };
    this.unguard = guardChild('session-host', killSync);
    this.exited = new Promise<void>((resolve) => {
      let done = false;
      const onExit = (code: number | null, signal: NodeJS.Signals | null, err?: Error) => {
        if (done) return;
        done = true;
        if (this.child === child) {
          this.child = undefined;
          this.exited = undefined;
          this.unguard?.();
          this.unguard = undefined;
        }
        child.stdio[3]?.destroy();
        this.onExit({ code, signal, err, ranMs: Date.now() - startedAt, tail, hostId, pid: child.pid });
        resolve();
      };
      child.once('exit', (code, signal) => onExit(code, signal));
      child.once('error', (err) => onExit(null, null, err));
    });
    await new Promise<void>((resolve) => {
      child.once('spawn', () => resolve());
      child.once('error', () => resolve());
    });
    if (child.pid) this.log.info('session host started', { pid: child.pid, hostId, entry: path.relative(REPO_ROOT, this.entry) });
  }

  private forward(from: NodeJS.ReadableStream, to: NodeJS.WriteStream, tail: string[] | null): void {
    let partial = '';
    const emit = (line: string) => {
      if (tail) {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      }
      if (this.log.enabled) to.write(`[session-host] ${line}\n`);
    };
    from.setEncoding('utf8');
    from.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) emit(l);
    });
    from.on('end', () => {
      if (partial) emit(partial);
      partial = '';
    });
    from.on('error', () => undefined);
  }

  private onExit(e: { code: number | null; signal: NodeJS.Signals | null; err?: Error; ranMs: number; tail: string[]; hostId: string; pid?: number }): void {
    if (!this.wanted || this.closed) {
      this.log.info('session host stopped', { pid: e.pid, hostId: e.hostId, code: e.code, signal: e.signal });
      return;
    }
    if (e.ranMs >= STABLE_MS) this.consecutive = 0;
    this.consecutive += 1;
    const now = Date.now();
    this.restartTimes = this.restartTimes.filter((t) => t > now - WINDOW_MS);
    let delay = Math.min(this.backoffMs * 2 ** (this.consecutive - 1), MAX_BACKOFF_MS);
    if (this.restartTimes.length >= this.maxPerMinute) delay = Math.max(delay, this.restartTimes[0]! + WINDOW_MS - now);
    this.log.error('session host exited; restarting', {
      pid: e.pid,
      hostId: e.hostId,
      code: e.code,
      signal: e.signal,
      ...(e.err ? { err: errData(e.err) } : {}),
      ranMs: e.ranMs,
      restartInMs: delay,
      restart: this.restartCount + 1,
      stderr: e.tail.slice(-5),
    });
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.wanted || this.closed || this.child) return;
      this.restartCount += 1;
      this.restartTimes.push(Date.now());
      this.spawnOnce().catch((err: unknown) => this.log.error('session host restart failed', { err: errData(err) }));
    }, delay);
  }
}
