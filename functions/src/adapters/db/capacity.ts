/**
 * Counts DynamoDB capacity units per operation when `DDB_CAPACITY_METER=1` (the benchmarks):
 * every request asks for ReturnConsumedCapacity and the units are added up here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Units = { read: number; write: number; calls: number };
const totals: Units = { read: 0, write: 0, calls: 0 };
/** Units spent by the table's stream consumers (asynchronous, off the request and message paths). */
const streamTotals: Units = { read: 0, write: 0, calls: 0 };

/** Marks work done for a stream consumer, so the meter counts it apart (infra/local/streams.ts runs consumers in it). */
export const streamScope = new AsyncLocalStorage<string>();

let paused = false;

/** The meter is wanted in this process (the benchmarks): the table's client is built with it. */
export function meterWanted(): boolean {
  return process.env.DDB_CAPACITY_METER === '1';
}

/** Counting now: wanted and not paused. */
export function meterEnabled(): boolean {
  return meterWanted() && !paused;
}

/** Latency figures are taken without the meter's own work (its ReturnConsumedCapacity, its bookkeeping). */
export function pauseMeter(on: boolean): void {
  paused = on;
  // A storage in use keeps the process's promise hooks on (a cost on every promise): off while paused.
  if (on) streamScope.disable();
}

/** Calls and units per operation and item kind (`GetItem C#_#TICKETS`), for finding what a path costs. */
const ops = new Map<string, { n: number; read: number; write: number }>();
let lastOp: { read: number; write: number } | undefined;

/** The partition key's shape without ids: `C#12#MSGS#40` → `C#_#MSGS#_`. */
function shape(input: Record<string, any>): string {
  const s = (v: any) => String(v?.S ?? v ?? '');
  const one = (i: Record<string, any> | undefined) => s(i?.Key?.PK ?? i?.Item?.PK);
  const pk = input.TransactItems
    ? input.TransactItems.map((t: Record<string, any>) => one(Object.values(t)[0])).join('+')
    : input.RequestItems
      ? 'batch'
      : one(input) || s(input.ExpressionAttributeValues?.[':pk']);
  return pk.replace(/\d+/g, '_').slice(0, 160);
}

export function recordOp(commandName: string, input: Record<string, any>): void {
  const key = `${commandName.replace(/Command$/, '')} ${input.IndexName ? `${input.IndexName} ` : ''}${shape(input)}`;
  const o = ops.get(key) ?? { n: 0, read: 0, write: 0 };
  o.n += 1;
  ops.set(key, o);
  lastOp = o;
}

/** Calls and units per operation since the last call (and resets), most write units first. */
export function takeOps(): [string, { n: number; read: number; write: number }][] {
  const out = [...ops].sort((a, b) => b[1].write - a[1].write || b[1].n - a[1].n);
  ops.clear();
  return out;
}

export function record(consumed: unknown, kind: 'read' | 'write'): void {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const t = streamScope.getStore() ? streamTotals : totals;
  t.calls++;
  for (const c of list as { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }[]) {
    const read = c.ReadCapacityUnits ?? (kind === 'read' ? (c.CapacityUnits ?? 0) : 0);
    const write = c.WriteCapacityUnits ?? (kind === 'write' ? (c.CapacityUnits ?? 0) : 0);
    t.read += read;
    t.write += write;
    if (lastOp && !streamScope.getStore()) {
      lastOp.read += read;
      lastOp.write += write;
    }
  }
  lastOp = undefined;
}

/** Units since the last call (and resets); `stream`: those of the stream consumers, counted apart. */
export function takeUnits(): Units & { stream: Units } {
  const out = { ...totals, stream: { ...streamTotals } };
  totals.read = totals.write = totals.calls = 0;
  streamTotals.read = streamTotals.write = streamTotals.calls = 0;
  return out;
}

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);
export const isWrite = (commandName: string): boolean => WRITES.has(commandName);
