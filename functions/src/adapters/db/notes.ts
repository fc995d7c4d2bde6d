/**
 * Ticket notes: `C#<cid>#NOTES#<contactId>` / id (a contact's notes, newest first), and the
 * pointer `C#<cid>#NOTEID` / id → contactId, ticketId, userId for deleting by id. Both written in
 * one transaction. Ids from the company's `note` counter. See ACCESS_PATTERNS.md #41, #42.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { fromItem, pad } from './keys';

export type Note = { id: number; companyId: number; note: string; ticketId: number; contactId: number; userId: number; createdAt: string };

export const notesPartition = (cid: number, contactId: number) => `C#${cid}#NOTES#${contactId}`;
const noteKey = (cid: number, contactId: number, id: number) => ({ PK: notesPartition(cid, contactId), SK: pad(id) });
const pointerKey = (cid: number, id: number) => ({ PK: `C#${cid}#NOTEID`, SK: pad(id) });

/** Most notes one list answers (the drawer shows them in a 200 px box). */
export const NOTES_LIST_MAX = 200;

function toNote(item: Record<string, unknown>): Note {
  const rest = fromItem(item);
  return rest as Note;
}

export async function insertNote(n: Note): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...noteKey(n.companyId, n.contactId, n.id), entity: 'note', ...n }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName: table(), Item: { ...pointerKey(n.companyId, n.id), entity: 'noteid', contactId: n.contactId, ticketId: n.ticketId, userId: n.userId }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
    }),
  );
}

export async function getNote(cid: number, id: number): Promise<Note | undefined> {
  const ptr = await db().send(new GetCommand({ TableName: table(), Key: pointerKey(cid, id), ConsistentRead: true }));
  if (!ptr.Item) return undefined;
  const out = await db().send(new GetCommand({ TableName: table(), Key: noteKey(cid, Number(ptr.Item.contactId), id), ConsistentRead: true }));
  return out.Item ? toNote(out.Item) : undefined;
}

/** Deletes a note and its pointer; false when it was already gone. */
export async function deleteNote(n: Note): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: noteKey(n.companyId, n.contactId, n.id), ConditionExpression: 'attribute_exists(PK)' } },
          { Delete: { TableName: table(), Key: pointerKey(n.companyId, n.id) } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/** A contact's notes, newest first, optionally of one ticket only. */
export async function listNotes(cid: number, contactId: number, ticketId?: number): Promise<Note[]> {
  const notes: Note[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ...(ticketId !== undefined ? { FilterExpression: 'ticketId = :t' } : {}),
        ExpressionAttributeValues: { ':pk': notesPartition(cid, contactId), ...(ticketId !== undefined ? { ':t': ticketId } : {}) },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    notes.push(...(out.Items ?? []).map(toNote));
    start = out.LastEvaluatedKey;
  } while (start && notes.length < NOTES_LIST_MAX);
  return notes.slice(0, NOTES_LIST_MAX);
}
