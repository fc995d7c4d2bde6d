/**
 * The host's sends batched (SendMessageBatch, up to 10 entries a request, issue 24): while entries
 * keep coming (the last one came less than `lingerMs` ago) an entry waits up to `lingerMs` for
 * others, or leaves at once when 10 are ready; one that comes after a quiet spell, with nothing
 * waiting, leaves at once. So a quiet host adds no latency and a busy one sends a few per request
 * (at 50 msg/s and 50 ms, about three: a third of the requests, here and at the worker's end).
 * One request in flight per queue, holding at most one entry per message group, so a group's
 * messages leave in order. An entry SQS refuses (or a request that fails) goes back to the head
 * of its group and is tried again after a growing wait, up to `maxAttempts` tries, then rejected
 * to the caller (the manager logs it): nothing is dropped silently, and the group's later entries
 * wait for it meanwhile.
 */
import type { QueuePort } from './queue-port';

/** How long an entry waits for company while entries keep coming (PUBLISH_LINGER_MS's default). */
export const DEFAULT_LINGER_MS = 50;

export type BatchEntry = { body: unknown; groupId?: string; dedupId?: string };
export type BatchOptions = { lingerMs: number; maxAttempts?: number; backoffMs?: number };

type Pending = { entry: BatchEntry; at: number; attempts: number; notBefore: number; seq: number; resolve(): void; reject(err: unknown): void };

const MAX_ENTRIES = 10;

class QueueBatcher {
  private pending: Pending[] = [];
  private timer?: NodeJS.Timeout;
  private inFlight = false;
  private seq = 0;
  private lastArrival = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly port: QueuePort,
    private readonly queue: string,
    private readonly o: Required<BatchOptions>,
  ) {}

  send(entry: BatchEntry): Promise<void> {
    const now = Date.now();
    const quiet = now - this.lastArrival >= this.o.lingerMs && !this.pending.length && !this.inFlight;
    this.lastArrival = now;
    return new Promise((resolve, reject) => {
      // After a quiet spell it is due now (its linger already over).
      this.pending.push({ entry, at: quiet ? now - this.o.lingerMs : now, attempts: 0, notBefore: 0, seq: this.seq++, resolve, reject });
      this.schedule();
    });
  }

  /** Up to 10 entries that may leave now, in order, one per group (a group's head that must wait holds its group back). */
  private pick(now: number): Pending[] {
    const groups = new Set<string>();
    const out: Pending[] = [];
    for (const p of this.pending) {
      const g = p.entry.groupId ?? `#${p.seq}`;
      if (groups.has(g)) continue;
      groups.add(g);
      if (p.notBefore > now) continue;
      out.push(p);
      if (out.length === MAX_ENTRIES) break;
    }
    return out;
  }

  private schedule(): void {
    if (this.inFlight || !this.pending.length) return;
    const now = Date.now();
    const ready = this.pick(now);
    clearTimeout(this.timer);
    const due = ready.length
      ? ready.length >= MAX_ENTRIES
        ? now
        : Math.min(...ready.map((p) => p.at)) + this.o.lingerMs
      : Math.min(...this.pending.map((p) => p.notBefore));
    this.timer = setTimeout(() => void this.flush(), Math.max(0, due - now));
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const batch = this.pick(Date.now());
    if (!batch.length) return this.schedule();
    const taken = new Set(batch);
    this.pending = this.pending.filter((p) => !taken.has(p));
    this.inFlight = true;
    let failed: Set<number>;
    let error: unknown = new Error(`${this.queue}: entry refused`);
    try {
      failed = new Set(await this.request(batch.map((p) => p.entry)));
    } catch (err) {
      error = err;
      failed = new Set(batch.map((_, i) => i));
    }
    this.inFlight = false;
    const again: Pending[] = [];
    batch.forEach((p, i) => {
      if (!failed.has(i)) return p.resolve();
      p.attempts += 1;
      if (p.attempts >= this.o.maxAttempts) return p.reject(error);
      p.notBefore = Date.now() + this.o.backoffMs * 2 ** (p.attempts - 1);
      again.push(p);
    });
    // Back at the head of their groups: before anything that came after them.
    this.pending = [...again, ...this.pending].sort((a, b) => a.seq - b.seq);
    this.schedule();
  }

  /** One request; answers the indexes of the entries refused. */
  private async request(entries: BatchEntry[]): Promise<number[]> {
    if (this.port.sendBatch) return this.port.sendBatch(this.queue, entries);
    const failed: number[] = [];
    for (const [i, e] of entries.entries()) await this.port.send(this.queue, e.body, e).catch(() => failed.push(i));
    return failed;
  }
}

/** A port whose `send` batches per queue (the others pass through). */
export function batchingPort(port: QueuePort, o: BatchOptions): QueuePort {
  const opts = { maxAttempts: 6, backoffMs: 100, ...o };
  const batchers = new Map<string, QueueBatcher>();
  return {
    ...port,
    send(queue, body, sendOpts) {
      let b = batchers.get(queue);
      if (!b) batchers.set(queue, (b = new QueueBatcher(port, queue, opts)));
      return b.send({ body, ...sendOpts });
    },
  };
}
