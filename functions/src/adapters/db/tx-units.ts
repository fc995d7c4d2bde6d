/**
 * The meter's own count of a TransactWriteItems (capacity.ts, the benchmarks only): DynamoDB Local
 * reports a transaction of three 100-byte Puts as 4 WCU, the same as one, where AWS bills 2 WCU
 * per KB started for each item (6). The meter reads each item before (and an Update's after) with
 * a client of its own — reads it does not count, never in the product — and bills: the table
 * 2 × units of the larger image; each index the item is in at the standard rate (1 per KB
 * started per index write; a moved key is a delete and a put), as index upkeep is not part of
 * the transaction. BatchWriteItem and single writes are reported right by DynamoDB Local (index
 * writes included) and are left to its figures.
 */
import { DynamoDBClient, GetItemCommand, type AttributeValue, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { TABLE } from './table-def';
import { itemSize, writeUnits } from './item-size';

type Image = Record<string, AttributeValue> | undefined;
type Op = { kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck'; table: string; key: Record<string, AttributeValue>; item?: Image };

/** The items of a TransactWriteItems input in the wire shape (client.ts reads it after the document client marshalled it). */
export function transactOps(input: { TransactItems?: Record<string, any>[] }): Op[] {
  return (input.TransactItems ?? []).map((t) => {
    const [kind, body] = Object.entries(t)[0] as [Op['kind'], Record<string, any>];
    const item = kind === 'Put' ? (body.Item as Record<string, AttributeValue>) : undefined;
    const key = item ? { [TABLE.partitionKey]: item[TABLE.partitionKey]!, [TABLE.sortKey]: item[TABLE.sortKey]! } : (body.Key as Record<string, AttributeValue>);
    return { kind, table: String(body.TableName), key, ...(item ? { item } : {}) };
  });
}

/** What one index holds of an item: its keys and projected attributes (all of it for ALL); undefined when not in the index. */
function indexImage(ix: (typeof TABLE.indexes)[number], img: Image): Image {
  if (!img || !img[ix.partitionKey] || !img[ix.sortKey]) return undefined;
  if (ix.projection === 'ALL') return img;
  const keep = new Set<string>([TABLE.partitionKey, TABLE.sortKey, ix.partitionKey, ix.sortKey, ...('include' in ix ? ix.include : [])]);
  return Object.fromEntries(Object.entries(img).filter(([k]) => keep.has(k)));
}

/** Index write units of an item going from `before` to `after`. */
export function indexUnits(before: Image, after: Image): number {
  let n = 0;
  for (const ix of TABLE.indexes) {
    const b = indexImage(ix, before);
    const a = indexImage(ix, after);
    const same = (x: Image, y: Image) => JSON.stringify(x) === JSON.stringify(y);
    if (b && a && same(b, a)) continue;
    const moved = b && a && (!same(b[ix.partitionKey] as Image, a[ix.partitionKey] as Image) || !same(b[ix.sortKey] as Image, a[ix.sortKey] as Image));
    if (b && (!a || moved)) n += writeUnits(itemSize(b));
    if (a) n += writeUnits(itemSize(a));
  }
  return n;
}

/** AWS's write units of a transaction, from each item's image before and after. */
export function transactionUnits(ops: Op[], before: Image[], after: Image[]): number {
  return ops.reduce((sum, op, i) => {
    const b = before[i];
    const a = op.kind === 'Put' ? op.item : op.kind === 'Update' ? after[i] : op.kind === 'Delete' ? undefined : b;
    const table = 2 * writeUnits(Math.max(itemSize(b), itemSize(a)));
    return sum + table + (op.kind === 'ConditionCheck' ? 0 : indexUnits(b, a));
  }, 0);
}

let reader: DynamoDBClient | undefined;
/** The images of the items (ConsistentRead), with the meter's own client: not counted. */
export async function readImages(config: DynamoDBClientConfig, ops: Op[], which: (op: Op) => boolean): Promise<Image[]> {
  reader ??= new DynamoDBClient(config);
  return Promise.all(ops.map(async (op) => (which(op) ? (await reader!.send(new GetItemCommand({ TableName: op.table, Key: op.key, ConsistentRead: true }))).Item : undefined)));
}
