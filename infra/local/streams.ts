/**
 * The table's stream, consumed as Lambda's DynamoDB event source does it: DynamoDB Local's stream
 * is read shard by shard (children after their parents), each consumer of
 * functions/src/workers/streams.ts gets the records its filters name (streamFilters: the event source's) in
 * order, in batches of up to `batchSize` gathered for up to `batchingWindowSeconds`, one batch at a
 * time per shard. A batch that reports failures is retried from the first failed record; after
 * MAX_TRIES it is dropped with an error logged (Lambda's on-failure destination). Positions are
 * kept in a JSON file beside the table's data, so a restart goes on where it stopped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record, type Shard } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { streamScope } from '@conversa/functions/adapters/db/capacity';
import { streamFilters, type StreamConsumerDef, type StreamEvent } from '@conversa/functions/workers/streams';
import type { ResolveHandler } from './handler-resolver';
import { lambdaContext } from './lambda-context';
import { errData, type Logger } from './log';

const MAX_TRIES = 5;
const SHARD_REFRESH_MS = 5_000;

export type StreamPollers = {
  stop(): Promise<void>;
  /** Resolves once every record written before the call has been handed to its consumers. */
  drained(timeoutMs?: number): Promise<void>;
};

type ShardState = { id: string; parent?: string; iterator?: string; closed: boolean; last?: string };
type Pending = { records: DynamoDBRecord[]; since: number; tries: number };

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

export function startStreamPollers(opts: { endpoint: string; table: string; consumers: readonly StreamConsumerDef[]; resolve: ResolveHandler; log: Logger; pollMs?: number; checkpointFile?: string }): StreamPollers {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ endpoint: opts.endpoint, region: 'us-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: opts.endpoint, region: 'us-east-1', credentials });
  // Positions by `${consumer}#${shard}`; a file of the earlier shape (by shard alone) still counts for every consumer.
  const saved: Record<string, string> = opts.checkpointFile && existsSync(opts.checkpointFile) ? JSON.parse(readFileSync(opts.checkpointFile, 'utf8')) : {};
  const save = () => opts.checkpointFile && writeFileSync(opts.checkpointFile, JSON.stringify(saved));
  // Each consumer reads the stream on its own, as each Lambda event source mapping does: a slow
  // consumer (the search index after a bulk import) never holds back another (the dashboard's totals).
  const readers = opts.consumers.map((c) => startReader(c, { ...opts, ddb, streams, saved, save }));
  return {
    async stop() {
      await Promise.all(readers.map((r) => r.stop()));
      ddb.destroy();
      streams.destroy();
    },
    async drained(timeoutMs) {
      await Promise.all(readers.map((r) => r.drained(timeoutMs)));
    },
  };
}

type ReaderOpts = { table: string; resolve: ResolveHandler; log: Logger; pollMs?: number; ddb: DynamoDBClient; streams: DynamoDBStreamsClient; saved: Record<string, string>; save: () => void };

function startReader(c: StreamConsumerDef, opts: ReaderOpts): StreamPollers {
  const { ddb, streams, saved } = opts;
  const pollMs = opts.pollMs ?? 200;
  const shards = new Map<string, ShardState>();
  const pending: Pending = { records: [], since: Date.now(), tries: 0 };
  let arn: string | undefined;
  let shardsAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let rounds = 0;
  const waiters: { after: number; resolve: () => void }[] = [];
  const position = (shard: string) => `${c.name}#${shard}`;

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
    for (const s of all) if (s.ShardId && !shards.has(s.ShardId)) shards.set(s.ShardId, { id: s.ShardId, parent: s.ParentShardId, closed: false, last: saved[position(s.ShardId)] ?? saved[s.ShardId] });
    shardsAt = Date.now();
  }

  async function iteratorFor(s: ShardState): Promise<string | undefined> {
    const at = s.last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: s.last } : { ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      return (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: s.id, ...at }))).ShardIterator;
    } catch (err) {
      if (!s.last) throw err;
      opts.log.warn('stream position lost; reading the shard from its start', { consumer: c.name, shard: s.id, err: errData(err) });
      s.last = undefined;
      return iteratorFor(s);
    }
  }

  /** Hands the pending records to the consumer, one batch; true when a batch was taken (a failed one waits for the next round). */
  async function deliver(force: boolean): Promise<boolean> {
    if (!pending.records.length) return false;
    if (!force && pending.records.length < c.batchSize && Date.now() - pending.since < c.batchingWindowSeconds * 1000) return false;
    const batch = pending.records.slice(0, c.batchSize);
    const handler = await opts.resolve(c.handler);
    if (!handler) return false;
    let failedFrom: string | undefined;
    try {
      const event: DynamoDBStreamEvent = { Records: batch };
      const out = (await streamScope.run(c.name, () => handler(event, lambdaContext(`stream-${c.name}`, 60_000)))) as DynamoDBBatchResponse | undefined;
      failedFrom = out?.batchItemFailures?.[0]?.itemIdentifier;
    } catch (err) {
      opts.log.warn('stream consumer threw; the batch is retried', { consumer: c.name, err: errData(err) });
      failedFrom = batch[0]!.dynamodb!.SequenceNumber;
    }
    if (failedFrom === undefined) {
      pending.records.splice(0, batch.length);
      pending.tries = 0;
      pending.since = Date.now();
      return true;
    }
    const at = Math.max(0, batch.findIndex((r) => r.dynamodb?.SequenceNumber === failedFrom));
    pending.records.splice(0, at);
    if (++pending.tries >= MAX_TRIES) {
      opts.log.error('stream batch dropped after retries (the on-failure destination)', { consumer: c.name, records: batch.length - at, first: failedFrom });
      pending.records.splice(0, batch.length - at);
      pending.tries = 0;
    }
    return false;
  }

  /** A shard answered a full page in the last round: more records wait, read them without pausing. */
  let busy = false;

  async function once(): Promise<void> {
    busy = false;
    if (!arn || Date.now() - shardsAt > SHARD_REFRESH_MS) await refreshShards();
    if (!arn) return;
    // Read only while the consumer keeps up: at most a few batches wait in memory.
    if (pending.records.length < c.batchSize * 2) {
      for (const s of shards.values()) {
        if (s.closed) continue;
        const parent = s.parent ? shards.get(s.parent) : undefined;
        if (parent && !parent.closed) continue; // children after their parents, as Lambda reads them
        s.iterator ??= await iteratorFor(s);
        if (!s.iterator) continue;
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: s.iterator, Limit: 1000 }));
        const records = (out.Records ?? []).map((r) => toLambdaRecord(r, arn!));
        if (records.length >= 1000) busy = true;
        const mine = records.filter((r) => matches(c, r));
        if (mine.length && !pending.records.length) pending.since = Date.now();
        pending.records.push(...mine);
        if (records.length) s.last = records[records.length - 1]!.dynamodb!.SequenceNumber;
        s.iterator = out.NextShardIterator;
        if (!s.iterator) s.closed = true;
      }
    } else busy = true;
    if (await deliver(false)) busy ||= pending.records.length > 0;
    // A shard's position counts once the consumer has taken everything read from it.
    if (!pending.records.length) {
      let changed = false;
      for (const s of shards.values()) if (s.last && saved[position(s.id)] !== s.last) (saved[position(s.id)] = s.last, (changed = true));
      if (changed) opts.save();
    }
  }

  const loop = () => {
    if (stopped) return;
    round = once()
      .catch((err: unknown) => opts.log.warn('stream poll failed', { consumer: c.name, err: errData(err) }))
      .finally(() => {
        rounds++;
        // Drained: nothing waits for the consumer and every shard was read to its end (records it
        // does not want, such as the search index's own entries, may still lie before the tip).
        const empty = !busy && !pending.records.length;
        for (const w of [...waiters]) if (rounds > w.after && empty) (waiters.splice(waiters.indexOf(w), 1), w.resolve());
        if (!stopped) timer = setTimeout(loop, busy ? 0 : pollMs);
      });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
    drained(timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`stream not drained in time (${c.name})`)), timeoutMs);
        // Two full rounds after now: the first may have started before the caller's writes.
        waiters.push({ after: rounds + 1, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
  };
}
