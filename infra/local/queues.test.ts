import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';
import { createLogger } from './log';
import { failedIds, LocalQueues, localQueues, QueueError, setCurrentQueues } from './queues';
import { handleSqsHttp } from './sqs-http';

/** 1 SQS second = 20 ms here. */
const S = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const std: QueueDef = { name: 'jobs', fifo: false, visibilityTimeout: 2, maxReceives: 2, batchSize: 10 };
const fifo: QueueDef = { name: 'inbound', fifo: true, visibilityTimeout: 2, maxReceives: 3, batchSize: 10 };
const quiet = createLogger(false);

let running: LocalQueues[] = [];
function queues(defs: QueueDef[], handler?: (e: SQSEvent) => Promise<SQSBatchResponse | void>, concurrency = 4, secondMs = S): LocalQueues {
  const q = new LocalQueues(defs, { secondMs, log: quiet, concurrency, resolve: async () => handler as never });
  running.push(q);
  return q;
}
afterEach(async () => {
  await Promise.all(running.map((q) => q.stop()));
  running = [];
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('standard queue', () => {
  it('hides a received message for the visibility timeout, then redelivers it with a higher receive count', async () => {
    const q = queues([std]);
    const { messageId, duplicate } = q.send('jobs', { hello: 'world' });
    expect(duplicate).toBe(false);
    const [first] = q.receive('jobs');
    expect(first).toMatchObject({ messageId, body: '{"hello":"world"}', receiveCount: 1 });
    expect(q.receive('jobs')).toEqual([]);
    expect(q.stats('jobs')).toMatchObject({ inFlight: 1, visible: 0, depth: 1 });
    await sleep(2 * S + 10);
    const [again] = q.receive('jobs');
    expect(again).toMatchObject({ messageId, receiveCount: 2 });
    expect(again!.receiptHandle).not.toBe(first!.receiptHandle);
    // An outdated receipt handle is accepted and ignored, like SQS.
    expect(q.delete('jobs', first!.receiptHandle)).toBe(false);
    expect(q.depth('jobs')).toBe(1);
    expect(q.delete('jobs', again!.receiptHandle)).toBe(true);
    expect(q.depth('jobs')).toBe(0);
  });

  it('moves a message to <name>-dlq after maxReceives receives without a delete', async () => {
    const q = queues([std]);
    q.send('jobs', 'poison');
    expect(q.receive('jobs')).toHaveLength(1);
    await sleep(2 * S + 10);
    expect(q.receive('jobs')).toHaveLength(1);
    await sleep(2 * S + 10);
    expect(q.receive('jobs')).toEqual([]);
    expect(q.depth('jobs')).toBe(0);
    expect(q.dlq('jobs')).toMatchObject([{ body: 'poison', receiveCount: 2, sourceQueue: 'jobs' }]);
    expect(q.depth('jobs-dlq')).toBe(1);
    expect(q.dlq('jobs-dlq')).toHaveLength(1);
  });

  it('delays a message by DelaySeconds and validates the range', async () => {
    const q = queues([std]);
    q.send('jobs', 'later', { delaySeconds: 3 });
    q.send('jobs', 'now');
    expect(q.receive('jobs', { max: 10, visibilityTimeout: 100 }).map((m) => m.body)).toEqual(['now']);
    expect(q.stats('jobs')).toMatchObject({ delayed: 1, inFlight: 1 });
    await sleep(3 * S + 10);
    expect(q.receive('jobs', { max: 10 }).map((m) => m.body)).toEqual(['later']);
    expect(() => q.send('jobs', 'x', { delaySeconds: 901 })).toThrow(QueueError);
  });

  it('changes visibility and refuses unknown queues and empty bodies', () => {
    const q = queues([std]);
    q.send('jobs', 'a');
    const [m] = q.receive('jobs');
    expect(q.changeVisibility('jobs', m!.receiptHandle, 0)).toBe(true);
    expect(q.receive('jobs')).toHaveLength(1);
    expect(() => q.send('nope', 'x')).toThrow(/does not exist/);
    expect(() => q.send('jobs', '')).toThrow(/MessageBody/);
  });
});

describe('FIFO queue', () => {
  it('keeps order within a group and locks a group while a message of it is in flight', () => {
    const q = queues([fifo]);
    q.send('inbound', 'a1', { groupId: 'a' });
    q.send('inbound', 'b1', { groupId: 'b' });
    q.send('inbound', 'a2', { groupId: 'a' });
    q.send('inbound', 'a3', { groupId: 'a' });
    const first = q.receive('inbound', { max: 2 });
    expect(first.map((m) => m.body)).toEqual(['a1', 'a2']);
    expect(q.receive('inbound', { max: 10 }).map((m) => m.body)).toEqual(['b1']);
    expect(q.receive('inbound', { max: 10 })).toEqual([]);
    q.delete('inbound', first[0]!.receiptHandle);
    expect(q.receive('inbound', { max: 10 })).toEqual([]);
    q.delete('inbound', first[1]!.receiptHandle);
    const [a3] = q.receive('inbound', { max: 10 });
    expect(a3).toMatchObject({ body: 'a3', groupId: 'a' });
    expect(BigInt(a3!.sequenceNumber!)).toBeGreaterThan(BigInt(first[1]!.sequenceNumber!));
  });

  it('redelivers a failed head before anything behind it in its group', async () => {
    const q = queues([fifo]);
    q.send('inbound', 'x1', { groupId: 'g' });
    q.send('inbound', 'x2', { groupId: 'g' });
    expect(q.receive('inbound').map((m) => m.body)).toEqual(['x1']);
    await sleep(2 * S + 10);
    expect(q.receive('inbound')).toMatchObject([{ body: 'x1', receiveCount: 2 }]);
  });

  it('dedupes on MessageDeduplicationId (or the body) within the 5-minute window, per message group', async () => {
    const q = queues([fifo], undefined, 4, 2);
    const a = q.send('inbound', 'same', { groupId: 'g', dedupId: 'd1' });
    const b = q.send('inbound', 'other body', { groupId: 'g', dedupId: 'd1' });
    expect(b).toEqual({ messageId: a.messageId, sequenceNumber: a.sequenceNumber, duplicate: true });
    const c = q.send('inbound', 'content', { groupId: 'g' });
    expect(q.send('inbound', 'content', { groupId: 'g' })).toMatchObject({ messageId: c.messageId, duplicate: true });
    // The deployed queues dedupe per message group (deduplicationScope MESSAGE_GROUP).
    expect(q.send('inbound', 'content', { groupId: 'h' })).toMatchObject({ duplicate: false });
    expect(q.depth('inbound')).toBe(3);
    // Deleting does not reopen the window.
    for (const m of q.receive('inbound', { max: 10 })) q.delete('inbound', m.receiptHandle);
    expect(q.send('inbound', 'same', { groupId: 'g', dedupId: 'd1' }).duplicate).toBe(true);
    await sleep(300 * 2 + 20);
    expect(q.send('inbound', 'same', { groupId: 'g', dedupId: 'd1' }).duplicate).toBe(false);
  });

  it('needs a group id and refuses per-message delays', () => {
    const q = queues([fifo]);
    expect(() => q.send('inbound', 'x')).toThrow(/MessageGroupId/);
    expect(() => q.send('inbound', 'x', { groupId: 'g', delaySeconds: 5 })).toThrow(/DelaySeconds/);
  });

  it('sends a poison head to the DLQ and moves on to the next message of the group', async () => {
    const q = queues([{ ...fifo, maxReceives: 1 }]);
    q.send('inbound', 'bad', { groupId: 'g' });
    q.send('inbound', 'good', { groupId: 'g' });
    expect(q.receive('inbound').map((m) => m.body)).toEqual(['bad']);
    await sleep(2 * S + 10);
    expect(q.receive('inbound').map((m) => m.body)).toEqual(['good']);
    expect(q.dlq('inbound').map((m) => m.body)).toEqual(['bad']);
  });
});

describe('pollers', () => {
  it('calls the handler with a real SQS event and deletes what succeeded', async () => {
    const events: SQSEvent[] = [];
    const q = queues([{ ...fifo, handler: 'workers/x' }], async (e) => {
      events.push(e);
    });
    q.send('inbound', 'hello', { groupId: 'c1#chat', dedupId: 'm-1' });
    q.start();
    await until(() => q.depth('inbound') === 0);
    const r = events[0]!.Records[0]!;
    expect(r).toMatchObject({
      body: 'hello',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:inbound',
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1', MessageGroupId: 'c1#chat', MessageDeduplicationId: 'm-1' },
    });
    expect(r.receiptHandle).toBeTruthy();
    expect(Number(r.attributes.SentTimestamp)).toBeGreaterThan(0);
    expect(r.attributes.SequenceNumber).toMatch(/^\d{20}$/);
    expect(r.md5OfBody).toBe('5d41402abc4b2a76b9719d911017c592');
  });

  it('retries only the batchItemFailures, and dead-letters them after maxReceives', async () => {
    const seen: string[] = [];
    const q = queues([{ ...std, batchSize: 5, handler: 'workers/x' }], async (e) => {
      seen.push(...e.Records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`));
      return { batchItemFailures: e.Records.filter((r) => r.body.startsWith('fail')).map((r) => ({ itemIdentifier: r.messageId })) };
    });
    q.send('jobs', 'ok-1');
    q.send('jobs', 'fail-1');
    q.send('jobs', 'ok-2');
    q.start();
    await until(() => q.dlq('jobs').length === 1);
    expect(q.depth('jobs')).toBe(0);
    expect(seen.filter((s) => s.startsWith('ok')).sort()).toEqual(['ok-1#1', 'ok-2#1']);
    expect(seen.filter((s) => s.startsWith('fail'))).toEqual(['fail-1#1', 'fail-1#2']);
  });

  it('retries the whole batch when the handler throws', async () => {
    let calls = 0;
    const q = queues([{ ...std, maxReceives: 5, handler: 'workers/x' }], async (e) => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      expect(e.Records.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(['2', '2']);
    });
    q.send('jobs', 'a');
    q.send('jobs', 'b');
    q.start();
    await until(() => q.depth('jobs') === 0);
    expect(calls).toBe(2);
  });

  it('treats an unknown itemIdentifier as a failure of the whole batch', () => {
    const batch = [{ messageId: 'm1' }, { messageId: 'm2' }] as never[];
    expect(failedIds(batch, { batchItemFailures: [{ itemIdentifier: 'zzz' }] })).toEqual(new Set(['m1', 'm2']));
    expect(failedIds(batch, { batchItemFailures: [{ itemIdentifier: '' }] })).toEqual(new Set(['m1', 'm2']));
    expect(failedIds(batch, { batchItemFailures: [] })).toEqual(new Set());
    expect(failedIds(batch, undefined)).toEqual(new Set());
    expect(failedIds(batch, { batchItemFailures: [{ itemIdentifier: 'm2' }] })).toEqual(new Set(['m2']));
  });

  it('processes FIFO groups in parallel and each group strictly in order, across failures', async () => {
    const order = new Map<string, number[]>();
    let active = 0;
    let maxActive = 0;
    const failedOnce = new Set<string>();
    const q = queues(
      [{ ...fifo, batchSize: 2, maxReceives: 5, handler: 'workers/x' }],
      async (e) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(3 + Math.random() * 6);
        active -= 1;
        const failures: { itemIdentifier: string }[] = [];
        let groupFailed = new Set<string>();
        for (const r of e.Records) {
          const [g, n] = r.body.split(':') as [string, string];
          // Fail message 4 of each group once; like Lambda requires for FIFO, everything after it in
          // the same group is reported as failed too.
          if (groupFailed.has(g) || (n === '4' && !failedOnce.has(g))) {
            if (n === '4') failedOnce.add(g);
            groupFailed = new Set([...groupFailed, g]);
            failures.push({ itemIdentifier: r.messageId });
            continue;
          }
          order.set(g, [...(order.get(g) ?? []), Number(n)]);
        }
        return { batchItemFailures: failures };
      },
      3,
    );
    for (let n = 1; n <= 8; n++) for (const g of ['g1', 'g2', 'g3']) q.send('inbound', `${g}:${n}`, { groupId: g });
    q.start();
    await until(() => q.depth('inbound') === 0, 5000);
    for (const g of ['g1', 'g2', 'g3']) expect(order.get(g)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(maxActive).toBeGreaterThan(1);
    expect(q.dlq('inbound')).toEqual([]);
  });

  it('waits while the handler module does not exist', async () => {
    const q = queues([{ ...std, handler: 'workers/missing' }], undefined);
    q.send('jobs', 'kept');
    q.start();
    await sleep(50);
    expect(q.stats('jobs')).toMatchObject({ visible: 1, inFlight: 0 });
  });
});

describe('queue access for other code', () => {
  it('exposes the running queues in process and over HTTP (POST /_sqs/<queue>)', async () => {
    const q = queues([std, fifo]);
    setCurrentQueues(q);
    localQueues.send('jobs', 'in-process');
    expect(localQueues.depth('jobs')).toBe(1);
    expect(localQueues.dlq('jobs')).toEqual([]);
    const server = http.createServer((req, res) => void handleSqsHttp(q, req, res, (req.url ?? '').slice('/_sqs'.length)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_sqs`;
    try {
      const post = (name: string, body: unknown) => fetch(`${base}/${name}`, { method: 'POST', body: JSON.stringify(body) });
      const ok = await post('inbound', { body: { kind: 'msg' }, groupId: 'g', dedupId: 'x' });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ duplicate: false, sequenceNumber: expect.any(String) });
      expect(await (await post('inbound', { body: 'again', groupId: 'g', dedupId: 'x' })).json()).toMatchObject({ duplicate: true });
      expect((await post('inbound', { body: 'no group' })).status).toBe(400);
      expect((await post('nope', { body: 'x' })).status).toBe(404);
      expect((await fetch(`${base}/inbound`, { method: 'POST', body: 'not json' })).status).toBe(400);
      expect(await (await fetch(`${base}/inbound`)).json()).toMatchObject({ name: 'inbound', depth: 1, fifo: true });
      expect(await (await fetch(`${base}/jobs/dlq`)).json()).toEqual({ messages: [] });
      expect(q.receive('inbound')[0]!.body).toBe('{"kind":"msg"}');
    } finally {
      setCurrentQueues(undefined);
      server.close();
    }
    expect(() => localQueues.depth('jobs')).toThrow(/no local stack/);
  });
});
