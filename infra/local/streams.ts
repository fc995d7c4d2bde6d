/**
 * The table's stream, consumed as Lambda's DynamoDB event source does it: DynamoDB Local's stream
 * is read shard by shard (children after their parents), each consumer of
 * functions/src/workers/streams.ts gets the records its filters name (streamFilters: the event source's) in
 * order, in batches of up to `batchSize` gathered for up to `batchingWindowSeconds`, one batch at a
 * time. A batch that reports failures is retried from the first failed record, with a growing wait
 * between tries; after MAX_TRIES tries it goes to the consumer's on-failure destination (`failed`:
 * the stack's `stream-<consumer>-dlq` queue, a record shaped like Lambda's) and the consumer moves
 * on, as the deployed event source (infra/lib/stacks/workers-stack.ts) does.
 *
 * While DynamoDB Local is down (`outage`, its supervisor restarting it) nothing is read or handed
 * out, and a try that failed during an outage does not count: an outage drops no batch. A read that
 * fails drops the shard iterators, so the reader starts again from its positions once the table
 * answers.
 *
 * One reader reads the stream once for every consumer (each GetRecords answer is parsed once: that
 * parse is most of a stream's local cost), and each consumer takes its batches on its own, as each
 * event source mapping does: a slow consumer (the search index after a bulk import) never holds back
 * another (the dashboard's totals) until its buffer is full. `taps` are consumers inside the stack
 * (the TTL reaper's index) that get every record, REMOVEs included.
 *
 * Positions: each consumer's last finished record per shard is written to `checkpointFile` after
 * every batch (a new file renamed over the old, so a kill leaves one or the other), and a restart
 * goes on from there. A kill between a batch and its checkpoint hands that one batch again, from
 * the same first record: the consumers are idempotent on a replay (message-totals' guard is named
 * after a batch's first record; the search index and the contact cards write what they would
 * have written), which is also what Lambda's at-least-once delivery asks of them.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record, type Shard } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { meterEnabled, streamScope } from '@conversa/functions/adapters/db/capacity';
import { streamFilters, type StreamConsumerDef, type StreamEvent } from '@conversa/functions/workers/streams';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';
import { sdkClientOptions } from '@conversa/functions/adapters/sdk-options';

/** Tries of a batch: the first one and the event source's `retryAttempts: 10`. */
export const MAX_TRIES = 11;
const SHARD_REFRESH_MS = 5_000;
/** Records a consumer may have waiting before the reader pauses for it. */
const MAX_BUFFERED = 20_000;

export type StreamPollers = {
  stop(): Promise<void>;
  /** Resolves once every record written before the call has been handed to its consumers. */
  drained(timeoutMs?: number): Promise<void>;
  /**
   * Stops reading the stream until resume() (the current round finishes first). For benchmarks:
   * DynamoDB Local serves GetRecords and DescribeStream from the table's own store, which AWS does
   * not, so a bench can time its requests without the reader beside them.
   */
  pause(): Promise<void>;
  resume(): void;
};

/** A consumer inside the stack: every record of the stream, in order; a throw retries the batch. */
export type StreamTap = { name: string; take(records: readonly DynamoDBRecord[]): Promise<void> | void };

/** What a consumer's on-failure destination gets (Lambda's invocation record for a stream batch). */
export type StreamFailure = {
  requestContext: { requestId: string; functionArn: string; condition: 'RetryAttemptsExhausted'; approximateInvokeCount: number };
  responseContext: { statusCode: number; executedVersion: string; functionError: string };
  version: '1.0';
  timestamp: string;
  DDBStreamBatchInfo: { shardId: string; startSequenceNumber: string; endSequenceNumber: string; approximateArrivalOfFirstRecord?: string; approximateArrivalOfLastRecord?: string; batchSize: number; streamArn: string };
};

type ShardState = { id: string; parent?: string; iterator?: string; closed: boolean; last?: string };

/** A stream record in the shape Lambda hands to a function. */
function toLambdaRecord(r: _Record, arn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion ?? 'us-east-1',
    eventSourceARN: arn,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime ? Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000) : undefined,
      Keys: d.Keys as never,
      NewImage: d.NewImage as never,
      OldImage: d.OldImage as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as never,
    },
  };
}

const matches = (c: StreamConsumerDef, r: DynamoDBRecord) =>
  streamFilters(c).some((f) => f.events.includes(r.eventName as StreamEvent) && r.dynamodb?.NewImage?.entity?.S === f.entity);

/** DynamoDB's sequence numbers are decimal strings of varying length. */
const after = (a: string, b: string | undefined) => b === undefined || a.length > b.length || (a.length === b.length && a > b);
const seqOf = (r: DynamoDBRecord) => r.dynamodb!.SequenceNumber!;

type Pending = { record: DynamoDBRecord; shard: string };

type Consumer = {
  name: string;
  wants(r: DynamoDBRecord): boolean;
  batchSize: number;
  windowMs: number;
  /** Runs a batch; answers the sequence number of the first record that failed, if any. */
  invoke(batch: DynamoDBRecord[]): Promise<string | undefined>;
  pending: Pending[];
  since: number;
  tries: number;
  /** No try before this (ms epoch): the wait after a failed try. */
  retryAt: number;
  /** Per shard: the last record this consumer is done with (saved as `${name}#${shard}`). */
  done: Map<string, string>;
  running?: Promise<void>;
};

export type StreamPollersOptions = {
  endpoint: string;
  table: string;
  consumers: readonly StreamConsumerDef[];
  taps?: readonly StreamTap[];
  resolve: ResolveHandler;
  log: Logger;
  pollMs?: number;
  checkpointFile?: string;
  /** True when DynamoDB Local was down at some moment since `t` (ms epoch), or is now. */
  outage?: (t: number) => boolean;
  /** A consumer's batch after MAX_TRIES failed tries: resolves once it is kept (the stack's failure queue). */
  failed?: (consumer: string, failure: StreamFailure) => Promise<void>;
  /** Wait after the first failed try (default 500 ms), doubled after each one, at most 30 s. */
  retryBaseMs?: number;
};

export function startStreamPollers(opts: StreamPollersOptions): StreamPollers {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ ...sdkClientOptions, endpoint: opts.endpoint, region: 'us-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ ...sdkClientOptions, endpoint: opts.endpoint, region: 'us-east-1', credentials });
  const pollMs = opts.pollMs ?? 200;
  const retryBaseMs = opts.retryBaseMs ?? 500;
  const down = () => opts.outage?.(Date.now()) ?? false;
  // Positions by `${consumer}#${shard}`; a file of the earlier shape (by shard alone) counts for every consumer.
  const saved: Record<string, string> = opts.checkpointFile && existsSync(opts.checkpointFile) ? readCheckpoint(opts.checkpointFile, opts.log) : {};
  const fresh = (c: Pick<Consumer, 'name' | 'wants' | 'batchSize' | 'windowMs' | 'invoke'>): Consumer => ({ ...c, pending: [], since: Date.now(), tries: 0, retryAt: 0, done: new Map() });
  const consumers: Consumer[] = [
    ...opts.consumers.map((def) => fresh({ name: def.name, wants: (r) => matches(def, r), batchSize: def.batchSize, windowMs: def.batchingWindowSeconds * 1000, invoke: (batch) => invokeLambda(def, batch) })),
    ...(opts.taps ?? []).map((t) =>
      fresh({
        name: t.name,
        wants: () => true,
        batchSize: 1000,
        windowMs: 0,
        invoke: async (batch) => {
          await t.take(batch);
          return undefined;
        },
      }),
    ),
  ];
  const shards = new Map<string, ShardState>();
  let arn: string | undefined;
  let shardsAt = 0;
  let stopped = false;
  let paused = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let rounds = 0;
  /** A shard answered a full page in the last round: more records wait, read them without pausing. */
  let busy = false;
  const waiters: { after: number; resolve: () => void }[] = [];

  async function invokeLambda(def: StreamConsumerDef, batch: DynamoDBRecord[]): Promise<string | undefined> {
    const handler = await opts.resolve(def.handler);
    if (!handler) throw new Error(`no stream handler ${def.handler}`);
    const event: DynamoDBStreamEvent = { Records: batch };
    const invoke = () => handler(event, lambdaContext(`stream-${def.name}`, 60_000));
    // The meter's scope only when metering: an AsyncLocalStorage in use costs every promise of the process.
    const out = (await (meterEnabled() ? streamScope.run(def.name, invoke) : invoke())) as DynamoDBBatchResponse | undefined;
    return out?.batchItemFailures?.[0]?.itemIdentifier;
  }

  async function refreshShards(): Promise<void> {
    arn ??= (await ddb.send(new DescribeTableCommand({ TableName: opts.table }))).Table?.LatestStreamArn;
    if (!arn) return;
    let start: string | undefined;
    const all: Shard[] = [];
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }));
      all.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    // Shards of a stream that is gone (a table created again: DynamoDB Local restarted in memory) are forgotten.
    const ids = new Set(all.map((s) => s.ShardId));
    for (const id of shards.keys()) if (!ids.has(id)) shards.delete(id);
    for (const s of all) {
      if (!s.ShardId || shards.has(s.ShardId)) continue;
      const id = s.ShardId;
      for (const c of consumers) {
        const at = saved[`${c.name}#${id}`] ?? saved[id];
        if (at) c.done.set(id, at);
      }
      // The reader starts where the consumer furthest behind stopped.
      const positions = consumers.map((c) => c.done.get(id));
      const last = positions.includes(undefined) ? undefined : positions.reduce((a, b) => (after(a!, b) ? b : a));
      shards.set(id, { id, parent: s.ParentShardId, closed: false, last });
    }
    shardsAt = Date.now();
  }

  async function iteratorFor(s: ShardState): Promise<string | undefined> {
    const at = s.last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: s.last } : { ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      return (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: s.id, ...at }))).ShardIterator;
    } catch (err) {
      if (!s.last || down()) throw err;
      opts.log.warn('stream position lost; reading the shard from its start', { shard: s.id, err: errData(err) });
      s.last = undefined;
      for (const c of consumers) c.done.delete(s.id);
      return iteratorFor(s);
    }
  }

  function save(): void {
    if (!opts.checkpointFile) return;
    let changed = false;
    for (const c of consumers) {
      for (const [shard, seq] of c.done) {
        const k = `${c.name}#${shard}`;
        if (saved[k] !== seq) (saved[k] = seq), (changed = true);
      }
    }
    if (!changed) return;
    const tmp = `${opts.checkpointFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(saved));
    renameSync(tmp, opts.checkpointFile);
  }

  /** Marks a consumer done with these records (per shard, the last of them). */
  function finished(c: Consumer, taken: Pending[]): void {
    for (const p of taken) {
      const at = c.done.get(p.shard);
      if (after(seqOf(p.record), at)) c.done.set(p.shard, seqOf(p.record));
    }
  }

  function failure(c: Consumer, batch: Pending[]): StreamFailure {
    const first = batch[0]!.record;
    const last = batch[batch.length - 1]!.record;
    const at = (r: DynamoDBRecord) => (r.dynamodb?.ApproximateCreationDateTime ? new Date(r.dynamodb.ApproximateCreationDateTime * 1000).toISOString() : undefined);
    return {
      requestContext: { requestId: randomUUID(), functionArn: `arn:aws:lambda:us-east-1:000000000000:function:stream-${c.name}`, condition: 'RetryAttemptsExhausted', approximateInvokeCount: c.tries },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      version: '1.0',
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId: batch[0]!.shard,
        startSequenceNumber: seqOf(first),
        endSequenceNumber: seqOf(last),
        ...(at(first) ? { approximateArrivalOfFirstRecord: at(first) } : {}),
        ...(at(last) ? { approximateArrivalOfLastRecord: at(last) } : {}),
        batchSize: batch.length,
        streamArn: first.eventSourceARN ?? arn ?? '',
      },
    };
  }

  /** Hands the consumer one batch; true when a batch was taken (a failed one waits for its retry). */
  async function deliver(c: Consumer): Promise<boolean> {
    if (!c.pending.length || down() || Date.now() < c.retryAt) return false;
    if (c.pending.length < c.batchSize && Date.now() - c.since < c.windowMs) return false;
    const batch = c.pending.slice(0, c.batchSize);
    const started = Date.now();
    let failedFrom: string | undefined;
    try {
      failedFrom = await c.invoke(batch.map((p) => p.record));
    } catch (err) {
      opts.log.warn('stream consumer threw; the batch is retried', { consumer: c.name, err: errData(err) });
      failedFrom = seqOf(batch[0]!.record);
    }
    if (failedFrom === undefined) {
      finished(c, c.pending.splice(0, batch.length));
      c.tries = 0;
      c.since = Date.now();
      save();
      return true;
    }
    const at = Math.max(0, batch.findIndex((p) => seqOf(p.record) === failedFrom));
    finished(c, c.pending.splice(0, at));
    // A try that failed while DynamoDB Local was down is not counted: it is tried again once it is back.
    if (opts.outage?.(started)) {
      c.retryAt = Date.now() + retryBaseMs;
      save();
      return false;
    }
    c.tries++;
    if (c.tries >= MAX_TRIES) {
      const rest = batch.slice(at);
      const info = failure(c, rest);
      if (opts.failed) {
        await opts.failed(c.name, info);
        opts.log.error('stream batch failed after its retries: sent to its on-failure queue', { consumer: c.name, records: rest.length, first: failedFrom });
      } else {
        opts.log.error('stream batch failed after its retries, and there is no on-failure queue: dropped', { consumer: c.name, records: rest.length, first: failedFrom });
      }
      finished(c, c.pending.splice(0, rest.length));
      c.tries = 0;
      c.retryAt = 0;
      save();
      return true;
    }
    c.retryAt = Date.now() + Math.min(30_000, retryBaseMs * 2 ** (c.tries - 1));
    save();
    return false;
  }

  /** Runs the consumer's due batches, one after the other, apart from the reader and the other consumers. */
  function kick(c: Consumer): void {
    if (c.running || stopped) return;
    c.running = (async () => {
      while (!stopped && (await deliver(c)));
      // Everything read so far is done for this consumer: its positions move up to the reader's.
      if (!c.pending.length) {
        for (const s of shards.values()) if (s.last && after(s.last, c.done.get(s.id))) c.done.set(s.id, s.last);
        save();
      }
    })()
      .catch((err: unknown) => opts.log.warn('stream delivery failed', { consumer: c.name, err: errData(err) }))
      .finally(() => {
        c.running = undefined;
        settleWaiters();
      });
  }

  async function once(): Promise<void> {
    busy = false;
    if (down()) return;
    if (!arn || Date.now() - shardsAt > SHARD_REFRESH_MS) await refreshShards();
    if (!arn) return;
    // Read only while every consumer keeps up (a bounded buffer, as an event source's shard iterator waits).
    if (consumers.some((c) => c.pending.length >= MAX_BUFFERED)) return;
    for (const s of shards.values()) {
      if (s.closed) continue;
      const parent = s.parent ? shards.get(s.parent) : undefined;
      if (parent && !parent.closed) continue; // children after their parents, as Lambda reads them
      s.iterator ??= await iteratorFor(s);
      if (!s.iterator) continue;
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: s.iterator, Limit: 1000 }));
      const records = (out.Records ?? []).map((r) => toLambdaRecord(r, arn!));
      if (records.length >= 1000) busy = true;
      for (const c of consumers) {
        const done = c.done.get(s.id);
        const mine = records.filter((r) => after(seqOf(r), done) && c.wants(r));
        if (mine.length && !c.pending.length) c.since = Date.now();
        for (const record of mine) c.pending.push({ record, shard: s.id });
      }
      if (records.length) s.last = seqOf(records[records.length - 1]!);
      s.iterator = out.NextShardIterator;
      if (!s.iterator) s.closed = true;
    }
  }

  /** After a failed read (DynamoDB Local restarted, a stale iterator): iterators and the stream are looked up again. */
  function forgetIterators(): void {
    for (const s of shards.values()) s.iterator = undefined;
    arn = undefined;
    shardsAt = 0;
  }

  /** Drained: every shard read to its end (records no consumer wants may lie before the tip) and no consumer has work. */
  function settleWaiters(): void {
    const idle = !busy && consumers.every((c) => !c.pending.length && !c.running);
    if (!idle) return;
    for (const w of [...waiters]) if (rounds > w.after) (waiters.splice(waiters.indexOf(w), 1), w.resolve());
  }

  const loop = () => {
    if (stopped) return;
    if (paused) {
      timer = setTimeout(loop, pollMs);
      return;
    }
    round = once()
      .catch((err: unknown) => {
        if (!down()) opts.log.warn('stream poll failed; reading again from the last positions', { err: errData(err) });
        forgetIterators();
      })
      .finally(() => {
        rounds++;
        for (const c of consumers) kick(c);
        settleWaiters();
        if (!stopped) timer = setTimeout(loop, busy ? 0 : pollMs);
      });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      await Promise.all(consumers.map((c) => c.running));
      save();
      ddb.destroy();
      streams.destroy();
    },
    async pause() {
      paused = true;
      await round;
    },
    resume() {
      paused = false;
    },
    drained(timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('stream not drained in time')), timeoutMs);
        // Two full rounds after now: the first may have started before the caller's writes.
        waiters.push({ after: rounds + 1, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
  };
}

/** A checkpoint file; one that cannot be read (left by an older version's torn write) counts as none. */
function readCheckpoint(file: string, log: Logger): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (err) {
    log.warn('stream checkpoint unreadable; reading the stream from its start (the consumers are idempotent)', { file, err: errData(err) });
    return {};
  }
}
