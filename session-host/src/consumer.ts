/**
 * A long-polling queue consumer that keeps FIFO order per message group: a batch is split by
 * group, groups run in parallel, a group's messages one after the other. Once a message of a
 * group is not done, the group's later messages of the batch go back untouched.
 */
import type { Log } from './log';
import { errData } from './log';
import type { QueueMessage, QueuePort } from './queue-port';

/**
 * done: delete; release: visible again at once (another host may own it); retry: left to the
 * visibility timeout (then the DLQ); `visibleInSeconds`: visible again then (a paced command).
 */
export type Disposition = 'done' | 'release' | 'retry' | { visibleInSeconds: number };

export type ConsumerOptions = {
  queue: QueuePort;
  name: string;
  handle: (m: QueueMessage) => Promise<Disposition>;
  log: Log;
  waitSeconds?: number;
  /** Poll only while this answers true (e.g. the host runs at least one session). */
  active?: () => boolean;
  /** Pause after a batch that only handed messages back, so hosts do not spin on each other's messages. */
  idleMs?: number;
  /**
   * Receive loops at once (default 3). A FIFO queue never hands out a message while another of its
   * group is in flight, so parallel loops keep each chat's order; one loop would let one slow chat
   * (or one long batch) hold every other chat back, as Lambda's several pollers do not.
   */
  pollers?: number;
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

export class QueueConsumer {
  private abort?: AbortController;
  private loop?: Promise<unknown>;

  constructor(private readonly o: ConsumerOptions) {}

  start(): void {
    if (this.loop) return;
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.loop = Promise.all(Array.from({ length: Math.max(1, this.o.pollers ?? 3) }, () => this.run(signal)));
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.loop = undefined;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { queue, name, log } = this.o;
    while (!signal.aborted) {
      if (this.o.active && !this.o.active()) {
        await sleep(250, signal);
        continue;
      }
      let batch: QueueMessage[];
      try {
        batch = await queue.receive(name, { max: 10, waitSeconds: this.o.waitSeconds ?? 20, signal });
      } catch (err) {
        if (signal.aborted) break;
        log.warn('queue receive failed', { queue: name, err: errData(err) });
        await sleep(1_000, signal);
        continue;
      }
      if (!batch.length) continue;
      const results = await this.processBatch(batch);
      if (!results.includes('done')) await sleep(this.o.idleMs ?? 200, signal);
    }
  }

  /** Handles one received batch (exported for tests through the class). */
  async processBatch(batch: readonly QueueMessage[]): Promise<Disposition[]> {
    const groups = new Map<string, QueueMessage[]>();
    for (const m of batch) {
      const g = m.groupId ?? m.id;
      groups.set(g, [...(groups.get(g) ?? []), m]);
    }
    const out: Disposition[] = [];
    await Promise.all(
      [...groups.values()].map(async (msgs) => {
        let blocked = false;
        for (const m of msgs) {
          let d: Disposition = 'release';
          if (!blocked) {
            try {
              d = await this.o.handle(m);
            } catch (err) {
              this.o.log.error('queue message failed', { queue: this.o.name, messageId: m.id, err: errData(err) });
              d = 'retry';
            }
          }
          if (d !== 'done') blocked = true;
          out.push(d);
          await this.settle(m, d);
        }
      }),
    );
    return out;
  }

  private async settle(m: QueueMessage, d: Disposition): Promise<void> {
    try {
      if (d === 'done') await this.o.queue.delete(this.o.name, m.receiptHandle);
      else if (d === 'release') await this.o.queue.changeVisibility(this.o.name, m.receiptHandle, 0);
      else if (typeof d === 'object') await this.o.queue.changeVisibility(this.o.name, m.receiptHandle, d.visibleInSeconds);
    } catch (err) {
      this.o.log.warn('queue settle failed', { queue: this.o.name, messageId: m.id, disposition: d, err: errData(err) });
    }
  }
}
