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
  const pollMs = opts.pollMs ?? 200;
  const shards = new Map<string, ShardState>();
  const pending = new Map<string, Pending>(); // `${consumer}#${shard}`
  const saved: Record<string, string> = opts.checkpointFile && existsSync(opts.checkpointFile) ? JSON.parse(readFileSync(opts.checkpointFile, 'utf8')) : {};
  let arn: string | undefined;
  let shardsAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let rounds = 0;
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
    for (const s of all) if (s.ShardId && !shards.has(s.ShardId)) shards.set(s.ShardId, { id: s.ShardId, parent: s.ParentShardId, closed: false, last: saved[s.ShardId] });
    shardsAt = Date.now();
  }

  async function iteratorFor(s: ShardState): Promise<string | undefined> {
    const position = s.last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: s.last } : { ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      return (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: s.id, ...position }))).ShardIterator;
    } catch (err) {
      if (!s.last) throw err;
      opts.log.warn('stream position lost; reading the shard from its start', { shard: s.id, err: errData(err) });
      s.last = undefined;
      return iteratorFor(s);
    }
  }

  async function deliver(c: StreamConsumerDef, key: string, force: boolean): Promise<void> {
    const p = pending.get(key);
    if (!p?.records.length) return;
    if (!force && p.records.length < c.batchSize && Date.now() - p.since < c.batchingWindowSeconds * 1000) return;
    const batch = p.records.slice(0, c.batchSize);
    const handler = await opts.resolve(c.handler);
    if (!handler) return;
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
      p.records.splice(0, batch.length);
      p.tries = 0;
      p.since = Date.now();
      return;
    }
    const at = Math.max(0, batch.findIndex((r) => r.dynamodb?.SequenceNumber === failedFrom));
    p.records.splice(0, at);
    if (++p.tries >= MAX_TRIES) {
      opts.log.error('stream batch dropped after retries (the on-failure destination)', { consumer: c.name, records: batch.length - at, first: failedFrom });
      p.records.splice(0, batch.length - at);
      p.tries = 0;
    }
  }

  /** A shard answered a full page in the last round: more records wait, read them without pausing. */
  let busy = false;

  async function once(): Promise<void> {
    busy = false;
    if (!arn || Date.now() - shardsAt > SHARD_REFRESH_MS) await refreshShards();
    if (!arn) return;
    for (const s of shards.values()) {
      if (s.closed) continue;
      const parent = s.parent ? shards.get(s.parent) : undefined;
      if (parent && !parent.closed) continue; // children after their parents, as Lambda reads them
      s.iterator ??= await iteratorFor(s);
      if (!s.iterator) continue;
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: s.iterator, Limit: 1000 }));
      const records = (out.Records ?? []).map((r) => toLambdaRecord(r, arn!));
      if (records.length >= 1000) busy = true;
      for (const c of opts.consumers) {
        const key = `${c.name}#${s.id}`;
        const mine = records.filter((r) => matches(c, r));
        if (!mine.length) continue;
        const p = pending.get(key) ?? { records: [], since: Date.now(), tries: 0 };
        if (!p.records.length) p.since = Date.now();
        p.records.push(...mine);
        pending.set(key, p);
      }
      if (records.length) s.last = records[records.length - 1]!.dynamodb!.SequenceNumber;
      s.iterator = out.NextShardIterator;
      if (!s.iterator) s.closed = true;
    }
    for (const c of opts.consumers) for (const s of shards.values()) await deliver(c, `${c.name}#${s.id}`, false);
    if (opts.checkpointFile) {
      // A shard's position counts only once its consumers have taken everything read from it.
      const done: Record<string, string> = { ...saved };
      for (const s of shards.values()) if (s.last && opts.consumers.every((c) => !pending.get(`${c.name}#${s.id}`)?.records.length)) done[s.id] = s.last;
      writeFileSync(opts.checkpointFile, JSON.stringify(done));
    }
  }

  const loop = () => {
    if (stopped) return;
    round = once()
      .catch((err: unknown) => opts.log.warn('stream poll failed', { err: errData(err) }))
      .finally(() => {
        rounds++;
        // Drained: nothing waits for a consumer and every shard was read to its end (records no
        // consumer wants, such as the search index's own entries, may still lie before the tip).
        const empty = !busy && [...pending.values()].every((p) => !p.records.length);
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
      ddb.destroy();
      streams.destroy();
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
