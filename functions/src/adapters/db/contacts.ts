/**
 * Contacts: `C#<cid>#CONTACTS` / id, with identity keys at `C#<cid>#CID` / key → contactId
 * (unique per company: canonical number, group id, LID, page-scoped id).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { pad } from './keys';

export type Contact = {
  id: number;
  companyId: number;
  name: string;
  /** Digits for phone contacts; the chat id for groups and other channels. */
  number: string;
  email: string;
  channel: string;
  isGroup: boolean;
  profilePicUrl: string;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  active: boolean;
  extraInfo: { name: string; value: string }[];
  altIds: string[];
  createdAt: string;
  updatedAt: string;
};

export const contactKey = (cid: number, id: number) => ({ PK: `C#${cid}#CONTACTS`, SK: pad(id) });
export const identityItemKey = (cid: number, key: string) => ({ PK: `C#${cid}#CID`, SK: key });

export async function getContact(cid: number, id: number): Promise<Contact | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: contactKey(cid, id) }));
  if (!out.Item) return undefined;
  const { PK: _p, SK: _s, entity: _e, ...rest } = out.Item;
  return rest as Contact;
}

export async function contactIdByIdentity(cid: number, key: string): Promise<number | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: identityItemKey(cid, key), ConsistentRead: true }));
  return out.Item ? Number(out.Item.contactId) : undefined;
}

/** Creates the contact with its identity keys; false when one of the keys is already taken. */
export async function insertContact(c: Contact, identities: string[]): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: { ...contactKey(c.companyId, c.id), entity: 'contact', ...c }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ...identities.map((k) => ({ Put: { TableName: table(), Item: { ...identityItemKey(c.companyId, k), entity: 'cid', contactId: c.id }, ConditionExpression: 'attribute_not_exists(PK)' } })),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException) return false;
    throw err;
  }
}

/** Adds another identity of a known contact (a LID learnt later); a taken key is left as is. */
export async function addIdentity(cid: number, key: string, contactId: number): Promise<void> {
  await db()
    .send(new PutCommand({ TableName: table(), Item: { ...identityItemKey(cid, key), entity: 'cid', contactId }, ConditionExpression: 'attribute_not_exists(PK)' }))
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    });
}
