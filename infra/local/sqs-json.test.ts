/** The real `@aws-sdk/client-sqs` against the local queues' JSON protocol (no stack: queues + one HTTP server). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  MessageNotInflight,
  PurgeQueueCommand,
  QueueDoesNotExist,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  SQSServiceException,
  TooManyEntriesInBatchRequest,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';
import { createLogger } from './log';
import { LocalQueues } from './queues';
import { handleSqsHttp } from './sqs-http';

/**
 * 1 SQS second = 100 ms: a 20 s long poll lasts 2 s, a visibility timeout of 2 s 200 ms. Nothing
 * below relies on a call finishing within a visibility timeout (a loaded CI machine can take longer
 * than one compressed second between two calls): what is checked in flight is received with 600 s.
 */
const S = 100;
const DEFS: QueueDef[] = [
  { name: 'jobs', fifo: false, visibilityTimeout: 2, maxReceives: 2, batchSize: 10 },
  { name: 'outbound-session', fifo: true, visibilityTimeout: 2, maxReceives: 3, batchSize: 10 },
  { name: 'orders.fifo', fifo: true, visibilityTimeout: 2, maxReceives: 3, batchSize: 10 },
  { name: 'worked', fifo: false, visibilityTimeout: 2, maxReceives: 3, batchSize: 10, handler: 'workers/collect' },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const caught = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

describe('SQS JSON protocol with the real SQSClient', () => {
  const handled: SQSEvent[] = [];
  let queues: LocalQueues;
  let server: http.Server;
  let endpoint: string;
  let sqs: SQSClient;
  const url = (name: string) => `${endpoint}/${name}`;
  const client = () => new SQSClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const purge = async (...names: string[]) => {
    for (const n of names) await sqs.send(new PurgeQueueCommand({ QueueUrl: url(n) }));
  };

  beforeAll(async () => {
    queues = new LocalQueues(DEFS, {
      secondMs: S,
      log: createLogger(false),
      resolve: async () => async (e: SQSEvent) => {
        handled.push(e);
      },
    });
    server = http.createServer((req, res) => {
      void handleSqsHttp(queues, req, res, (req.url ?? '').replace(/^\/_sqs/, ''), { endpoint });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_sqs`;
    queues.start();
    sqs = client();
  });

  // A failed test leaves no message behind for the next one.
  afterEach(async () => {
    for (const d of DEFS) queues.purge(d.name);
  });

  afterAll(async () => {
    sqs?.destroy();
    await queues.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('hands out queue URLs and answers QueueDoesNotExist as the SDK exception', async () => {
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: 'outbound-session' }))).QueueUrl).toBe(url('outbound-session'));
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders.fifo' }))).QueueUrl).toBe(url('orders.fifo'));
    expect((await sqs.send(new ListQueuesCommand({ QueueNamePrefix: 'jobs' }))).QueueUrls).toEqual([url('jobs'), url('jobs-dlq')]);
    const err = await caught(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' })));
    expect(err).toBeInstanceOf(QueueDoesNotExist);
    expect(err).toMatchObject({ name: 'QueueDoesNotExist', $fault: 'client', $metadata: { httpStatusCode: 400 } });
    expect(await caught(sqs.send(new SendMessageCommand({ QueueUrl: url('nope'), MessageBody: 'x' })))).toBeInstanceOf(QueueDoesNotExist);
    // The raw wire format.
    const raw = await fetch(`${endpoint}/`, { method: 'POST', headers: { 'x-amz-target': 'AmazonSQS.GetQueueUrl', 'content-type': 'application/x-amz-json-1.0' }, body: '{"QueueName":"nope"}' });
    expect(raw.status).toBe(400);
    expect(raw.headers.get('x-amzn-query-error')).toBe('AWS.SimpleQueueService.NonExistentQueue;Sender');
    expect(raw.headers.get('content-type')).toBe('application/x-amz-json-1.0');
    expect(await raw.json()).toEqual({ __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' });
  });

  it('sends, receives with attributes and deletes (body MD5 checked by the SDK)', async () => {
    const body = JSON.stringify({ text: 'Olá, ünïcode ✓ 🎉' });
    const sent = await sqs.send(
      new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: body, MessageAttributes: { kind: { DataType: 'String', StringValue: 'text' }, n: { DataType: 'Number', StringValue: '3' }, bin: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) } } }),
    );
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    const t0 = Date.now();
    const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'], MessageAttributeNames: ['All'] }));
    expect(got.Messages).toHaveLength(1);
    const m = got.Messages![0]!;
    expect(m).toMatchObject({ MessageId: sent.MessageId, Body: body, MD5OfMessageAttributes: sent.MD5OfMessageAttributes });
    expect(m.Attributes).toMatchObject({ ApproximateReceiveCount: '1', SenderId: expect.any(String) });
    expect(Number(m.Attributes!.SentTimestamp)).toBeLessThanOrEqual(t0);
    expect(Number(m.Attributes!.ApproximateFirstReceiveTimestamp)).toBeGreaterThanOrEqual(t0);
    expect(m.MessageAttributes?.kind).toMatchObject({ DataType: 'String', StringValue: 'text' });
    expect(m.MessageAttributes?.bin?.BinaryValue).toEqual(new Uint8Array([1, 2, 3]));
    // Hidden while in flight.
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs') }))).Messages).toBeUndefined();
    await sqs.send(new DeleteMessageCommand({ QueueUrl: url('jobs'), ReceiptHandle: m.ReceiptHandle }));
    expect(queues.depth('jobs')).toBe(0);
    // Without names asked, no attributes come back.
    await sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'plain' }));
    const plain = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs') }))).Messages![0]!;
    expect(plain.Attributes).toBeUndefined();
    expect(plain.MessageAttributes).toBeUndefined();
    expect(await caught(sqs.send(new DeleteMessageCommand({ QueueUrl: url('jobs'), ReceiptHandle: 'garbage' })))).toBeInstanceOf(ReceiptHandleIsInvalid);
    await purge('jobs');
  });

  it('checks input the way SQS does', async () => {
    const e1 = await caught(sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), MaxNumberOfMessages: 11 })));
    expect(e1).toBeInstanceOf(SQSServiceException);
    expect(e1).toMatchObject({ name: 'InvalidParameterValue' });
    expect(await caught(sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), WaitTimeSeconds: 21 })))).toMatchObject({ name: 'InvalidParameterValue' });
    expect(await caught(sqs.send(new SendMessageCommand({ QueueUrl: url('outbound-session'), MessageBody: 'x', MessageDeduplicationId: 'd' })))).toMatchObject({ name: 'MissingParameter' });
    // No content-based deduplication, like the deployed FIFO queues.
    expect(await caught(sqs.send(new SendMessageCommand({ QueueUrl: url('outbound-session'), MessageBody: 'x', MessageGroupId: 'g' })))).toMatchObject({ name: 'InvalidParameterValue', message: expect.stringContaining('ContentBasedDeduplication') });
    expect(await caught(sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'bad \u0000 char' })))).toMatchObject({ name: 'InvalidMessageContents' });
    expect(await caught(sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'x'.repeat(256 * 1024 + 1) })))).toMatchObject({ name: 'InvalidParameterValue' });
    const unknown = await fetch(`${endpoint}`, { method: 'POST', headers: { 'x-amz-target': 'AmazonSQS.CreateQueue' }, body: '{}' });
    expect(await unknown.json()).toMatchObject({ __type: 'com.amazonaws.sqs#UnsupportedOperation' });
    expect(queues.depth('jobs') + queues.depth('outbound-session')).toBe(0);
  });

  it('sends, deletes and changes visibility in batches, failing entries one by one', async () => {
    const sent = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: url('outbound-session'),
        Entries: [
          { Id: 'a', MessageBody: 'a1', MessageGroupId: 'ga', MessageDeduplicationId: 'a1' },
          { Id: 'b', MessageBody: 'b1', MessageGroupId: 'gb', MessageDeduplicationId: 'b1' },
          { Id: 'c', MessageBody: 'no group', MessageDeduplicationId: 'c1' },
        ],
      }),
    );
    expect(sent.Successful?.map((s) => s.Id)).toEqual(['a', 'b']);
    expect(sent.Successful?.[0]?.SequenceNumber).toMatch(/^\d{20}$/);
    expect(sent.Failed).toEqual([{ Id: 'c', SenderFault: true, Code: 'MissingParameter', Message: expect.stringContaining('MessageGroupId') }]);
    const got = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('outbound-session'), MaxNumberOfMessages: 10 }))).Messages!;
    expect(got.map((m) => m.Body).sort()).toEqual(['a1', 'b1']);
    const vis = await sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: url('outbound-session'),
        Entries: [
          { Id: 'x', ReceiptHandle: got[0]!.ReceiptHandle, VisibilityTimeout: 600 },
          { Id: 'y', ReceiptHandle: 'nonsense', VisibilityTimeout: 600 },
        ],
      }),
    );
    expect(vis.Successful).toEqual([{ Id: 'x' }]);
    expect(vis.Failed?.[0]).toMatchObject({ Id: 'y', Code: 'ReceiptHandleIsInvalid', SenderFault: true });
    const del = await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: url('outbound-session'), Entries: got.map((m, i) => ({ Id: `m${i}`, ReceiptHandle: m.ReceiptHandle })) }));
    expect(del.Successful).toHaveLength(2);
    expect(queues.depth('outbound-session')).toBe(0);
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, MessageBody: 'x' }));
    expect(await caught(sqs.send(new SendMessageBatchCommand({ QueueUrl: url('jobs'), Entries: tooMany })))).toBeInstanceOf(TooManyEntriesInBatchRequest);
    expect(await caught(sqs.send(new SendMessageBatchCommand({ QueueUrl: url('jobs'), Entries: [{ Id: 'same', MessageBody: 'x' }, { Id: 'same', MessageBody: 'y' }] })))).toMatchObject({ name: 'BatchEntryIdsNotDistinct' });
  });

  it('long polls: returns as soon as a message arrives, or empty after WaitTimeSeconds', async () => {
    const t0 = Date.now();
    const waiting = sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), WaitTimeSeconds: 20, MaxNumberOfMessages: 10, VisibilityTimeout: 600 }));
    await sleep(150);
    await sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'wake up' }));
    const got = await waiting;
    const took = Date.now() - t0;
    expect(got.Messages?.map((m) => m.Body)).toEqual(['wake up']);
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(20 * S - 200);
    // Nothing arrives: the poll lasts WaitTimeSeconds (20 s = 1 s here).
    const t1 = Date.now();
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), WaitTimeSeconds: 20 }))).Messages).toBeUndefined();
    expect(Date.now() - t1).toBeGreaterThanOrEqual(20 * S - 20);
    // A poll also wakes when a hidden message becomes visible again (1 s = 50 ms).
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url('jobs'), ReceiptHandle: got.Messages![0]!.ReceiptHandle, VisibilityTimeout: 1 }));
    const t2 = Date.now();
    const again = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), WaitTimeSeconds: 20, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));
    expect(again.Messages?.[0]).toMatchObject({ Body: 'wake up', Attributes: { ApproximateReceiveCount: '2' } });
    expect(Date.now() - t2).toBeLessThan(20 * S - 200);
    await purge('jobs');
  });

  it('a long poll whose client went away takes no message', async () => {
    const ac = new AbortController();
    const gone = caught(sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), WaitTimeSeconds: 20 }), { abortSignal: ac.signal }));
    await sleep(100);
    ac.abort();
    await gone;
    await sleep(50);
    await sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'for the next one' }));
    expect(queues.stats('jobs')).toMatchObject({ visible: 1, inFlight: 0 });
    await purge('jobs');
  });

  it('redelivers after the visibility timeout with ApproximateReceiveCount 2, then dead-letters after maxReceives', async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'poison' }));
    const recv = (visibility: number) => sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), VisibilityTimeout: visibility, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['All'] }));
    const first = (await recv(600)).Messages![0]!;
    expect(first.Attributes?.ApproximateReceiveCount).toBe('1');
    const attrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url('jobs'), AttributeNames: ['All'] }));
    expect(attrs.Attributes).toMatchObject({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '1',
      QueueArn: 'arn:aws:sqs:us-east-1:000000000000:jobs',
      VisibilityTimeout: '2',
    });
    expect(JSON.parse(attrs.Attributes!.RedrivePolicy!)).toEqual({ deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:jobs-dlq', maxReceiveCount: 2 });
    expect(attrs.Attributes!.FifoQueue).toBeUndefined();
    // Its visibility runs out (1 s): the long poll gets it again.
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url('jobs'), ReceiptHandle: first.ReceiptHandle, VisibilityTimeout: 1 }));
    const second = (await recv(1)).Messages![0]!;
    expect(second).toMatchObject({ MessageId: first.MessageId, Attributes: { ApproximateReceiveCount: '2', ApproximateFirstReceiveTimestamp: first.Attributes!.ApproximateFirstReceiveTimestamp } });
    expect(second.ReceiptHandle).not.toBe(first.ReceiptHandle);
    // Received maxReceives (2) times without a delete: the next receive moves it to jobs-dlq.
    await sleep(2 * S);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs') }))).Messages).toBeUndefined();
    const dlqUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: 'jobs-dlq' }))).QueueUrl!;
    const dead = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MessageSystemAttributeNames: ['All'] }))).Messages![0]!;
    expect(dead).toMatchObject({ MessageId: first.MessageId, Body: 'poison', Attributes: { DeadLetterQueueSourceArn: 'arn:aws:sqs:us-east-1:000000000000:jobs' } });
    expect((await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url('jobs'), AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }))).Attributes).toEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
    });
    expect(await caught(sqs.send(new GetQueueAttributesCommand({ QueueUrl: url('jobs'), AttributeNames: ['Nope' as never] })))).toMatchObject({ name: 'InvalidAttributeName' });
    await purge('jobs', 'jobs-dlq');
  });

  it('changes visibility: 0 makes a message visible at once; a visible one is not in flight', async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl: url('jobs'), MessageBody: 'later' }));
    const m = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs'), VisibilityTimeout: 600 }))).Messages![0]!;
    await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url('jobs'), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0 }));
    expect(await caught(sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url('jobs'), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 5 })))).toBeInstanceOf(MessageNotInflight);
    const again = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url('jobs') }))).Messages![0]!;
    expect(again.MessageId).toBe(m.MessageId);
    // The first receipt handle is outdated now.
    expect(await caught(sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url('jobs'), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 5 })))).toMatchObject({ name: 'InvalidParameterValue' });
    await purge('jobs');
  });

  it('FIFO: a group with a message in flight is not delivered to another receiver; order kept', async () => {
    const q = url('outbound-session');
    const other = client();
    try {
      for (const [i, g] of [[1, 'chat-a'], [2, 'chat-a'], [3, 'chat-b'], [4, 'chat-a']] as const) {
        await sqs.send(new SendMessageCommand({ QueueUrl: q, MessageBody: `${g}:${i}`, MessageGroupId: g, MessageDeduplicationId: `m${i}` }));
      }
      const a = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: q, MaxNumberOfMessages: 1, VisibilityTimeout: 600, MessageSystemAttributeNames: ['MessageGroupId', 'SequenceNumber'] }))).Messages!;
      expect(a.map((m) => m.Body)).toEqual(['chat-a:1']);
      expect(a[0]!.Attributes).toMatchObject({ MessageGroupId: 'chat-a', SequenceNumber: expect.stringMatching(/^\d{20}$/) });
      // The second receiver only gets chat-b while chat-a:1 is in flight.
      const b = (await other.send(new ReceiveMessageCommand({ QueueUrl: q, MaxNumberOfMessages: 10, VisibilityTimeout: 600 }))).Messages!;
      expect(b.map((m) => m.Body)).toEqual(['chat-b:3']);
      // Then nothing: a long poll waits until chat-a is released by the delete.
      const waiting = other.send(new ReceiveMessageCommand({ QueueUrl: q, MaxNumberOfMessages: 10, WaitTimeSeconds: 20, VisibilityTimeout: 600 }));
      await sleep(100);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: q, ReceiptHandle: a[0]!.ReceiptHandle }));
      const rest = (await waiting).Messages!;
      expect(rest.map((m) => m.Body)).toEqual(['chat-a:2', 'chat-a:4']);
      await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: q, Entries: [...b, ...rest].map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })) }));
      expect(queues.depth('outbound-session')).toBe(0);
    } finally {
      other.destroy();
    }
  });

  it('FIFO: dedupes on MessageDeduplicationId within the group for 5 minutes', async () => {
    const q = url('orders.fifo');
    const a = await sqs.send(new SendMessageCommand({ QueueUrl: q, MessageBody: 'first', MessageGroupId: 'g1', MessageDeduplicationId: 'wamid.1' }));
    const b = await sqs.send(new SendMessageCommand({ QueueUrl: q, MessageBody: 'retry with another body', MessageGroupId: 'g1', MessageDeduplicationId: 'wamid.1' }));
    expect(b.MessageId).toBe(a.MessageId);
    expect(b.SequenceNumber).toBe(a.SequenceNumber);
    // Deduplication scope is the message group (as deployed).
    const c = await sqs.send(new SendMessageCommand({ QueueUrl: q, MessageBody: 'other group', MessageGroupId: 'g2', MessageDeduplicationId: 'wamid.1' }));
    expect(c.MessageId).not.toBe(a.MessageId);
    const attrs = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: q, AttributeNames: ['All'] }))).Attributes!;
    expect(attrs).toMatchObject({ ApproximateNumberOfMessages: '2', FifoQueue: 'true', ContentBasedDeduplication: 'false', DeduplicationScope: 'messageGroup' });
    const got = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: q, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['MessageDeduplicationId'] }))).Messages!;
    expect(got.map((m) => [m.Body, m.Attributes?.MessageDeduplicationId])).toEqual([['first', 'wamid.1'], ['other group', 'wamid.1']]);
    await purge('orders.fifo');
  });

  it('feeds queues with a handler to the Lambda poller; queues without one wait for receivers', async () => {
    await sqs.send(new SendMessageCommand({ QueueUrl: url('worked'), MessageBody: 'to the worker' }));
    const end = Date.now() + 3000;
    while (!handled.some((e) => e.Records.some((r) => r.body === 'to the worker')) && Date.now() < end) await sleep(10);
    expect(handled.flatMap((e) => e.Records.map((r) => r.body))).toContain('to the worker');
    expect(queues.depth('worked')).toBe(0);
    await sqs.send(new SendMessageCommand({ QueueUrl: url('outbound-session'), MessageBody: 'stays', MessageGroupId: 'g', MessageDeduplicationId: 'stays' }));
    await sleep(100);
    expect(queues.stats('outbound-session')).toMatchObject({ visible: 1, inFlight: 0 });
    await purge('outbound-session');
  });
});
