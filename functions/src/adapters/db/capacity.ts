/**
 * Counts DynamoDB capacity units per operation when `DDB_CAPACITY_METER=1` (the benchmarks):
 * every request asks for ReturnConsumedCapacity and the units are added up here.
 */
type Units = { read: number; write: number; calls: number };
const totals: Units = { read: 0, write: 0, calls: 0 };

export function meterEnabled(): boolean {
  return process.env.DDB_CAPACITY_METER === '1';
}

export function record(consumed: unknown, kind: 'read' | 'write'): void {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  totals.calls++;
  for (const c of list as { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }[]) {
    const read = c.ReadCapacityUnits ?? (kind === 'read' ? (c.CapacityUnits ?? 0) : 0);
    const write = c.WriteCapacityUnits ?? (kind === 'write' ? (c.CapacityUnits ?? 0) : 0);
    totals.read += read;
    totals.write += write;
  }
}

/** Units since the last call (and resets). */
export function takeUnits(): Units {
  const out = { ...totals };
  totals.read = totals.write = totals.calls = 0;
  return out;
}

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);
export const isWrite = (commandName: string): boolean => WRITES.has(commandName);
