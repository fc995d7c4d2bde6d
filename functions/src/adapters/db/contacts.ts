/**
 * Contacts: `C#<cid>#CONTACTS` / id, with identity keys at `C#<cid>#CID` / key → contactId
 * (unique per company: canonical number, group id, LID, page-scoped id), claimed before the
 * contact item is written (a claim whose contact is missing is repaired by creating the contact
 * under its id: resolve-contact.ts, manage-contacts.ts), and the company's contact count at
 * `C#<cid>#COUNTER` / `contacts`, moved in the transactions that write and delete contact items
 * (exact at once: the contacts list shows it right after a create or an import).
 * Listed by name on GSI1 (`C#<cid>#CONTACTS#NAME`, folded name) and by creation time on GSI2
 * (`C#<cid>#CONTACTS#DATE`, createdAt). See ACCESS_PATTERNS.md #28, #29, #37–#40.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch';
import { db, table } from './client';
import { fromItem, keys, pad } from './keys';

export type Contact = {
  id: number;
  companyId: number;
  name: string;
  /** Digits for phone contacts; the chat id for groups and other channels. */
  number: string;
  email: string;
  empresa?: string;
  channel: string;
  isGroup: boolean;
  profilePicUrl: string;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  active: boolean;
  extraInfo: { id?: string; name: string; value: string }[];
  altIds: string[];
  /** When the channel's profile (name, picture) was last asked for (Messenger / Instagram). */
  profileCheckedAt?: string;
  /** The import job that created it (a re-run of the job recognises its own rows). */
  importJobId?: string;
  importRow?: number;
  createdAt: string;
  updatedAt: string;
};

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const contactsPartition = (cid: number) => `C#${cid}#CONTACTS`;
export const contactKey = (cid: number, id: number) => ({ PK: contactsPartition(cid), SK: pad(id) });
export const identityItemKey = (cid: number, key: string) => ({ PK: `C#${cid}#CID`, SK: key });
export const byNamePartition = (cid: number) => `C#${cid}#CONTACTS#NAME`;
export const byDatePartition = (cid: number) => `C#${cid}#CONTACTS#DATE`;
const COUNT = 'contacts';

/** Lower case without accents: what sorting and searching compare. */
export const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The index and search attributes derived from a contact's fields. */
function derived(c: Pick<Contact, 'companyId' | 'id' | 'name' | 'number' | 'email' | 'createdAt'>) {
  return {
    GSI1PK: byNamePartition(c.companyId),
    GSI1SK: `${fold(c.name).trim().slice(0, 60)}#${pad(c.id)}`,
    GSI2PK: byDatePartition(c.companyId),
    GSI2SK: `${c.createdAt}#${pad(c.id)}`,
    searchText: fold(`${c.name}\n${c.number}\n${c.email}`),
  };
}

export function toContact(item: Record<string, unknown>): Contact {
  const rest = fromItem(item, 'searchText');
  return rest as Contact;
}

export async function getContact(cid: number, id: number, consistent = false): Promise<Contact | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: contactKey(cid, id), ConsistentRead: consistent }));
  return out.Item ? toContact(out.Item) : undefined;
}

export async function getContacts(cid: number, ids: number[]): Promise<Map<number, Contact>> {
  const found = await batchGet(ids.map((id) => contactKey(cid, id)));
  return new Map([...found.values()].map((i) => [Number(i.id), toContact(i)]));
}

export async function contactIdByIdentity(cid: number, key: string): Promise<number | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: identityItemKey(cid, key), ConsistentRead: true }));
  return out.Item ? Number(out.Item.contactId) : undefined;
}

const contactCountKey = (cid: number) => keys.counter(cid, COUNT);

const countUpdate = (cid: number, by: number): TxItem => ({
  Update: { TableName: table(), Key: contactCountKey(cid), UpdateExpression: 'ADD #v :n', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':n': by } },
});

const conditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Points an identity key at a contact unless another holds it (`replacing`: unless another than
 * that one holds it — an orphaned claim being repointed); true when it points there now.
 */
export async function claimIdentity(cid: number, key: string, contactId: number, replacing?: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...identityItemKey(cid, key), entity: 'cid', contactId },
        ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id' + (replacing === undefined ? '' : ' OR contactId = :old'),
        ExpressionAttributeValues: { ':id': contactId, ...(replacing === undefined ? {} : { ':old': replacing }) },
      }),
    );
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** Writes a contact item unless its id exists, and counts it; false when it exists (another writer made it). */
export async function putContact(c: Contact): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: { ...contactKey(c.companyId, c.id), entity: 'contact', ...derived(c), ...c }, ConditionExpression: 'attribute_not_exists(PK)' } },
          countUpdate(c.companyId, 1),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/**
 * Creates the contact: its identity keys claimed first, one conditional Put each carrying the id
 * (DESIGN.md "a condition beats a transaction"), then the contact item with its count. False when a key is held by
 * another contact (the keys claimed here are released) or the id exists. A crash between leaves a
 * claim pointing at a missing contact: whoever reads it next creates the contact under that id.
 */
export async function insertContact(c: Contact, identities: string[]): Promise<boolean> {
  const claimed: string[] = [];
  for (const k of identities) {
    if (!(await claimIdentity(c.companyId, k, c.id))) {
      for (const mine of claimed) await releaseIdentity(c.companyId, mine, c.id);
      return false;
    }
    claimed.push(k);
  }
  return putContact(c);
}

/** Deletes an identity key while it points at this contact. */
async function releaseIdentity(cid: number, key: string, contactId: number): Promise<void> {
  await db()
    .send(new DeleteCommand({ TableName: table(), Key: identityItemKey(cid, key), ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': contactId } }))
    .catch((err: unknown) => {
      if (!conditionFailed(err)) throw err;
    });
}

/**
 * Adds another identity of a known contact (a LID learnt later); a key held by another contact
 * is left as is, one held by `orphanOf` (a claim whose contact is missing) is repointed.
 */
export async function addIdentity(cid: number, key: string, contactId: number, orphanOf?: number): Promise<void> {
  await claimIdentity(cid, key, contactId, orphanOf);
}

export type ContactChanges = Partial<Pick<Contact, 'name' | 'email' | 'empresa' | 'disableBot' | 'acceptAudioMessage' | 'active' | 'extraInfo' | 'number' | 'profilePicUrl' | 'profileCheckedAt'>>;

/**
 * Writes the changed fields of a contact read before (`prev`), conditional on it being unchanged
 * since (`updatedAt`). A new number moves its identity item in the same transaction: the new key
 * must be free (`false` = taken), the old one is deleted. Answers the contact after the write,
 * `undefined` when it changed or vanished meanwhile.
 */
export async function updateContact(prev: Contact, changes: ContactChanges, move?: { from: string; to: string }): Promise<Contact | 'taken' | undefined> {
  const next: Contact = { ...prev, ...changes, updatedAt: new Date().toISOString() };
  if (next.updatedAt <= prev.updatedAt) next.updatedAt = new Date(Date.parse(prev.updatedAt) + 1).toISOString();
  const cid = prev.companyId;
  const put: TxItem = {
    Put: {
      TableName: table(),
      Item: { ...contactKey(cid, prev.id), entity: 'contact', ...derived(next), ...next },
      ConditionExpression: 'updatedAt = :prev',
      ExpressionAttributeValues: { ':prev': prev.updatedAt },
    },
  };
  try {
    if (!move || move.from === move.to) {
      await db().send(new TransactWriteCommand({ TransactItems: [put] }));
      return next;
    }
    const out = await db().send(
      new TransactWriteCommand({
        TransactItems: [
          put,
          { Put: { TableName: table(), Item: { ...identityItemKey(cid, move.to), entity: 'cid', contactId: prev.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Delete: { TableName: table(), Key: identityItemKey(cid, move.from), ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id', ExpressionAttributeValues: { ':id': prev.id } } },
        ],
      }),
    ).then(() => next);
    return out;
  } catch (err) {
    if (err instanceof TransactionCanceledException) {
      const reasons = err.CancellationReasons ?? [];
      if (move && reasons[1]?.Code === 'ConditionalCheckFailed') return 'taken';
      return undefined;
    }
    throw err;
  }
}

/** The identity items that point at one of these contacts (the keys they could have). */
export async function ownIdentities(contacts: { c: Contact; keys: string[] }[]): Promise<Map<number, string[]>> {
  const found = await batchGet(contacts.flatMap(({ c, keys: ks }) => ks.map((k) => identityItemKey(c.companyId, k))), { consistent: true });
  const out = new Map<number, string[]>(contacts.map(({ c }) => [c.id, []]));
  for (const item of found.values()) out.get(Number(item.contactId))?.push(String(item.SK));
  return out;
}

/**
 * Deletes contacts with their identity items and uncounts them, in one transaction (at most 100
 * items: callers pass a few contacts at a time). Each contact must still be as read (`updatedAt`).
 */
export async function deleteContacts(cid: number, batch: { c: Contact; identities: string[] }[]): Promise<boolean> {
  if (!batch.length) return true;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...batch.flatMap(({ c, identities }) => [
            { Delete: { TableName: table(), Key: contactKey(cid, c.id), ConditionExpression: 'updatedAt = :u', ExpressionAttributeValues: { ':u': c.updatedAt } } },
            ...identities.map((k) => ({ Delete: { TableName: table(), Key: identityItemKey(cid, k), ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': c.id } } })),
          ]),
          countUpdate(cid, -batch.length),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/** The company's number of contacts (the counter kept by the transactions above). */
export async function countContacts(cid: number): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: contactCountKey(cid) }));
  return Math.max(0, Number(out.Item?.value ?? 0));
}

export type ContactFilter = { search?: string; from?: string; to?: string };
export type ContactPageReq = ContactFilter & { order: 'name' | 'date'; limit: number; start?: Record<string, unknown>; skip?: number; projection?: boolean };

/** Most items one request reads before it answers a partial page (a search over a big company). */
export const READ_BUDGET = 5_000;

/**
 * A page of contacts in name order (GSI1) or creation order (GSI2, newest first, the date range a
 * key condition). A search filters while paging: DynamoDB reads every item of the range, so a
 * rare match can read up to READ_BUDGET items (about 1.2 MB, ~150 read units) before answering a
 * short page with a cursor to go on.
 */
export async function queryContacts(cid: number, r: ContactPageReq): Promise<{ items: Contact[]; next?: Record<string, unknown> }> {
  const byDate = r.order === 'date';
  const names: Record<string, string> = { '#pk': byDate ? 'GSI2PK' : 'GSI1PK' };
  const values: Record<string, unknown> = { ':pk': byDate ? byDatePartition(cid) : byNamePartition(cid) };
  let cond = '#pk = :pk';
  if (byDate && (r.from || r.to)) {
    names['#sk'] = 'GSI2SK';
    values[':from'] = r.from ?? '0000';
    values[':to'] = `${r.to ?? '9999'}\uffff`;
    cond += ' AND #sk BETWEEN :from AND :to';
  }
  if (r.search) values[':q'] = fold(r.search);
  if (r.projection) Object.assign(names, { '#n': 'name', '#num': 'number' });
  // One match more than the page tells whether another page follows.
  const want = (r.skip ?? 0) + r.limit + 1;
  const matches: Record<string, unknown>[] = [];
  let start = r.start;
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: byDate ? 'GSI2' : 'GSI1',
        KeyConditionExpression: cond,
        ...(r.search ? { FilterExpression: 'contains(searchText, :q)' } : {}),
        ...(r.projection ? { ProjectionExpression: 'id, #n, #num, isGroup, PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK' } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: !byDate,
        ExclusiveStartKey: start,
        Limit: r.search ? Math.min(1000, READ_BUDGET - read) : want - matches.length,
      }),
    );
    read += out.ScannedCount ?? 0;
    matches.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && matches.length < want && read < READ_BUDGET);
  const page = matches.slice(r.skip ?? 0, (r.skip ?? 0) + r.limit);
  if (matches.length >= want) return { items: page.map(toContact), next: pickKey(page[page.length - 1]!, byDate) };
  // The read budget ran out before the page filled: a short page, and the cursor goes on from there.
  if (start) return { items: page.map(toContact), next: pickKey(start, byDate) };
  return { items: page.map(toContact) };
}

function pickKey(item: Record<string, unknown>, byDate: boolean): Record<string, unknown> {
  return byDate ? { PK: item.PK, SK: item.SK, GSI2PK: item.GSI2PK, GSI2SK: item.GSI2SK } : { PK: item.PK, SK: item.SK, GSI1PK: item.GSI1PK, GSI1SK: item.GSI1SK };
}

/** A cursor must name this company's partitions and nothing else (a forged one is refused). */
export function validStart(cid: number, key: Record<string, unknown> | undefined): key is Record<string, unknown> {
  if (!key || key.PK !== contactsPartition(cid) || typeof key.SK !== 'string') return false;
  const names = Object.keys(key).sort().join(',');
  if (names === 'GSI1PK,GSI1SK,PK,SK') return key.GSI1PK === byNamePartition(cid) && typeof key.GSI1SK === 'string';
  if (names === 'GSI2PK,GSI2SK,PK,SK') return key.GSI2PK === byDatePartition(cid) && typeof key.GSI2SK === 'string';
  return false;
}

/** Contacts with an open or pending ticket on some connection (the ticket locks, #31). */
export async function contactsWithActiveTickets(cid: number, contactId?: number): Promise<Set<number>> {
  const out = new Set<number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: contactId === undefined ? 'PK = :pk' : 'PK = :pk AND begins_with(SK, :c)',
        FilterExpression: '#s = :active',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':pk': `C#${cid}#TLOCK`, ':active': 'active', ...(contactId === undefined ? {} : { ':c': `${contactId}#` }) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.add(Number(String(item.SK).split('#')[0]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
