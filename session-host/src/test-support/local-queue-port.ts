/** A QueuePort over the local stack's in-process queues (tests; the host itself uses SQS). */
import type { QueuePort } from '../queue-port';

type LocalQueuesLike = {
  receive(name: string, opts?: { max?: number }): { messageId: string; receiptHandle: string; body: string; groupId?: string; receiveCount: number }[];
  delete(name: string, receiptHandle: string): boolean;
  changeVisibility(name: string, receiptHandle: string, seconds: number): boolean;
  send(name: string, body: string | object, opts?: { groupId?: string; dedupId?: string }): unknown;
};

export function localQueuePort(q: LocalQueuesLike, pollMs = 25): QueuePort {
  return {
    async receive(name, { max, waitSeconds, signal }) {
      const until = Date.now() + waitSeconds * 1000;
      for (;;) {
        const got = q.receive(name, { max });
        if (got.length || Date.now() >= until || signal?.aborted) return got.map((m) => ({ id: m.messageId, receiptHandle: m.receiptHandle, body: m.body, groupId: m.groupId, receiveCount: m.receiveCount }));
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
    async delete(name, handle) {
      q.delete(name, handle);
    },
    async changeVisibility(name, handle, seconds) {
      q.changeVisibility(name, handle, seconds);
    },
    async send(name, body, opts) {
      q.send(name, JSON.stringify(body), opts);
    },
  };
}
