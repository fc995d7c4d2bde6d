/**
 * Campaign fixtures written straight to the table (the sender's tests run before the campaign
 * routes exist on their branch): a contact list of many items, a campaign item, the company's
 * campaign settings; and what the sandbox phone received, per number.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignSettings } from '@conversa/shared/schemas/campaigns';
import { sandboxHasAccount } from '@conversa/shared/schemas/contact-lists';
import { batchWrite, type WriteRequest } from '../../functions/src/adapters/db/batch';
import { campaignKey, type Campaign } from '../../functions/src/adapters/db/campaigns';
import { db, table } from '../../functions/src/adapters/db/client';
import { itemKey, putList } from '../../functions/src/adapters/db/contact-lists';
import { nextId, nextIds } from '../../functions/src/adapters/db/counters';
import { partitions } from '../../functions/src/adapters/db/keys';
import { outboxPartition } from '../../functions/src/adapters/db/sandbox-outbox';
import { queryPartition } from './db';

/** A contact list holding these numbers (in this order; each valid by the sandbox's rule): its id and its items' ids. */
export async function seedList(cid: number, numbers: readonly string[]): Promise<{ listId: number; itemIds: number[] }> {
  const now = new Date().toISOString();
  const listId = await nextId(cid, 'contactList');
  await putList({ id: listId, companyId: cid, name: `Lista ${listId}`, contactsCount: numbers.length, searchText: '', createdAt: now, updatedAt: now });
  const first = await nextIds(cid, 'contactListItem', numbers.length);
  const itemIds = numbers.map((_, i) => first + i);
  await batchWrite(
    numbers.map((number, i): WriteRequest => ({
      PutRequest: {
        Item: {
          ...itemKey(cid, listId, itemIds[i]!), entity: 'contactListItem', id: itemIds[i], companyId: cid, contactListId: listId,
          name: `Cliente ${i + 1}`, number, email: `c${i + 1}@example.test`, empresa: '', isWhatsappValid: sandboxHasAccount(number), searchText: '', createdAt: now, updatedAt: now,
        },
      },
    })),
  );
  return { listId, itemIds };
}

/** A campaign item (INATIVA unless told), as the campaign routes store it. */
export async function putCampaign(cid: number, fields: Partial<Campaign>): Promise<Campaign> {
  const now = new Date().toISOString();
  const id = await nextId(cid, 'campaign');
  const empty = { message1: '', message2: '', message3: '', message4: '', message5: '', confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '' };
  const c: Campaign = {
    id, companyId: cid, name: `Campanha ${id}`, ...empty, confirmation: false, status: 'INATIVA', scheduledAt: null, completedAt: null, whatsappId: null, contactListId: null,
    mediaKey: null, mediaName: null, mimetype: null, template: null, pausedReason: null, rev: 1, searchText: '', createdAt: now, updatedAt: now, ...fields,
  };
  await db().send(new PutCommand({ TableName: table(), Item: { ...campaignKey(cid, id), entity: 'campaign', ...c } }));
  return c;
}

/** The company's campaign settings (the setting POST /campaign-settings writes); the daily cap out of the way unless given. */
export async function putCampaignSettings(cid: number, s: Partial<CampaignSettings>): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { PK: partitions.settings(cid), SK: 'campaignSettings', value: JSON.stringify({ ...DEFAULT_CAMPAIGN_SETTINGS, dailyCap: 100_000, ...s }) } }));
}

export type Received = { to: string; body: string; at: number; mediaKey?: string };

/** What the sandbox phone of connection `wid` received, per number, oldest first. */
export async function receivedBy(cid: number, wid: number): Promise<Map<string, Received[]>> {
  const out = new Map<string, Received[]>();
  for (const i of await queryPartition(outboxPartition(cid, wid))) {
    if (i.group || i.reaction) continue;
    const list = out.get(i.to) ?? [];
    list.push({ to: i.to, body: i.body, at: Date.parse(i.at), ...(i.mediaKey ? { mediaKey: i.mediaKey } : {}) });
    out.set(i.to, list);
  }
  return out;
}

/** The tickets a company has (none is opened for a campaign send). */
export const ticketsOf = (cid: number) => queryPartition(`C#${cid}#TICKETS`);
