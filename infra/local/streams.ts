/**
 * The table's stream, consumed as Lambda's DynamoDB event source does it: DynamoDB Local's stream
 * is read shard by shard (children after their parents), each consumer of
 * functions/src/workers/streams.ts gets the records its filters name (streamFilters: the event source's) in
 * order, in batches of up to `batchSize` gathered for up to `batchingWindowSeconds`, one batch at a
 * time. A batch that reports failures is retried from the first failed record; after MAX_TRIES it
 * is dropped with an error logged (Lambda's on-failure destination).
 *
 * One reader reads the stream once for every consumer (each GetRecords answer is parsed once: that
 * parse is most of a stream's local cost), and each consumer takes its batches on its own, as each
 * event source mapping does: a slow consumer (the search index after a bulk import) never holds back
 * another (the dashboard's totals) until its buffer is full. Each consumer's position is kept in a
 * JSON file beside the table's data, so a restart goes on where each one stopped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record, type Shard } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { meterEnabled, streamScope } from '@conversa/functions/adapters/db/capacity';
import { streamFilters, type StreamConsumerDef, type StreamEvent } from '@conversa/functions/workers/streams';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';
import { sdkClientOptions } from '@conversa/functions/adapters/sdk-options';

const MAX_TRIES = 5;
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

type Consumer = {
  def: StreamConsumerDef;
  pending: DynamoDBRecord[];
  since: number;
  tries: number;
  /** Per shard: the last record this consumer is done with (saved as `${name}#${shard}`). */
  done: Map<string, string>;
  running?: Promise<void>;
};

export function startStreamPollers(opts: { endpoint: string; table: string; consumers: readonly StreamConsumerDef[]; resolve: ResolveHandler; log: Logger; pollMs?: number; checkpointFile?: string }): StreamPollers {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ ...sdkClientOptions, endpoint: opts.endpoint, region: 'us-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ ...sdkClientOptions, endpoint: opts.endpoint, region: 'us-east-1', credentials });
  const pollMs = opts.pollMs ?? 200;
  // Positions by `${consumer}#${shard}`; a file of the earlier shape (by shard alone) counts for every consumer.
  const saved: Record<string, string> = opts.checkpointFile && existsSync(opts.checkpointFile) ? JSON.parse(readFileSync(opts.checkpointFile, 'utf8')) : {};
  const consumers: Consumer[] = opts.consumers.map((def) => ({ def, pending: [], since: Date.now(), tries: 0, done: new Map() }));
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
    for (const s of all) {
      if (!s.ShardId || shards.has(s.ShardId)) continue;
      const id = s.ShardId;
      for (const c of consumers) {
        const at = saved[`${c.def.name}#${id}`] ?? saved[id];
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
      if (!s.last) throw err;
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
        const k = `${c.def.name}#${shard}`;
        if (saved[k] !== seq) (saved[k] = seq), (changed = true);
      }
    }
    if (changed) writeFileSync(opts.checkpointFile, JSON.stringify(saved));
  }

  /** Hands the consumer one batch; true when a batch was taken (a failed one waits for the next round). */
  async function deliver(c: Consumer): Promise<boolean> {
    const { def } = c;
    if (!c.pending.length) return false;
    if (c.pending.length < def.batchSize && Date.now() - c.since < def.batchingWindowSeconds * 1000) return false;
    const batch = c.pending.slice(0, def.batchSize);
    const handler = await opts.resolve(def.handler);
    if (!handler) return false;
    let failedFrom: string | undefined;
    try {
      const event: DynamoDBStreamEvent = { Records: batch };
      const invoke = () => handler(event, lambdaContext(`stream-${def.name}`, 60_000));
      // The meter's scope only when metering: an AsyncLocalStorage in use costs every promise of the process.
      const out = (await (meterEnabled() ? streamScope.run(def.name, invoke) : invoke())) as DynamoDBBatchResponse | undefined;
      failedFrom = out?.batchItemFailures?.[0]?.itemIdentifier;
    } catch (err) {
      opts.log.warn('stream consumer threw; the batch is retried', { consumer: def.name, err: errData(err) });
      failedFrom = batch[0]!.dynamodb!.SequenceNumber;
    }
    if (failedFrom === undefined) {
      c.pending.splice(0, batch.length);
      c.tries = 0;
      c.since = Date.now();
      return true;
    }
    const at = Math.max(0, batch.findIndex((r) => r.dynamodb?.SequenceNumber === failedFrom));
    c.pending.splice(0, at);
    if (++c.tries >= MAX_TRIES) {
      opts.log.error('stream batch dropped after retries (the on-failure destination)', { consumer: def.name, records: batch.length - at, first: failedFrom });
      c.pending.splice(0, batch.length - at);
      c.tries = 0;
    }
    return false;
  }

  /** Runs the consumer's due batches, one after the other, apart from the reader and the other consumers. */
  function kick(c: Consumer): void {
    if (c.running || stopped) return;
    c.running = (async () => {
      while (!stopped && (await deliver(c)));
      // Everything read so far is done for this consumer: its positions move up to the reader's.
      if (!c.pending.length) {
        for (const s of shards.values()) if (s.last) c.done.set(s.id, s.last);
        save();
      }
    })()
      .catch((err: unknown) => opts.log.warn('stream delivery failed', { consumer: c.def.name, err: errData(err) }))
      .finally(() => {
        c.running = undefined;
        settleWaiters();
      });
  }

  async function once(): Promise<void> {
    busy = false;
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
        const mine = records.filter((r) => after(r.dynamodb!.SequenceNumber!, done) && matches(c.def, r));
        if (mine.length && !c.pending.length) c.since = Date.now();
        c.pending.push(...mine);
      }
      if (records.length) s.last = records[records.length - 1]!.dynamodb!.SequenceNumber;
      s.iterator = out.NextShardIterator;
      if (!s.iterator) s.closed = true;
    }
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
      .catch((err: unknown) => opts.log.warn('stream poll failed', { err: errData(err) }))
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
