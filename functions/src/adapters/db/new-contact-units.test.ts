/**
 * What a new contact and its first ticket cost in write units as AWS bills them (tx-units.ts, the
 * bench meter's count): the writes insertContact and insertTicket send, captured at the SDK.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { insertContact, type Contact } from './contacts';
import { insertTicket, type Ticket } from './tickets';
import { itemSize, writeUnits } from './item-size';
import { transactionUnits, transactOps } from './tx-units';

const wire = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true });
const at = '2026-03-10T12:00:00.000Z';
const contact: Contact = {
  id: 41, companyId: 7, name: 'Cliente Novo', number: '5511998877665', email: '', channel: 'whatsapp', isGroup: false, profilePicUrl: '',
  disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [], altIds: [], createdAt: at, updatedAt: at,
};
const ticket: Ticket = {
  id: 90, uuid: '0b5f8c1e-2d3a-4b6c-9e7f-112233445566', companyId: 7, contactId: 41, whatsappId: 3, channel: 'whatsapp', status: 'pending', queueId: null, userId: null,
  isGroup: false, isBot: true, lastMessage: '', lastMessageAt: at, unreadMessages: 0, queuedAt: at, createdAt: at, updatedAt: at,
} as Ticket;

describe('write units of a new contact and its ticket', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'conversa-test';
    ddb.on(PutCommand).resolves({}).on(TransactWriteCommand).resolves({}).on(BatchWriteCommand).resolves({});
  });
  afterAll(() => ddb.restore());

  it('costs 7 WCU for the contact and 12 for the ticket (8 and 18 in one transaction each before)', async () => {
    expect(await insertContact(contact, ['5511998877665'])).toBe(true);
    const contactUnits = unitsOfCalls();
    ddb.resetHistory();
    ddb.on(PutCommand).resolves({}).on(TransactWriteCommand).resolves({}).on(BatchWriteCommand).resolves({});
    expect(await insertTicket(ticket, { lead: true })).toBe(true);
    const ticketUnits = unitsOfCalls();
    // The identity claim (1) + the contact with its count in one transaction (2 + GSI1 + GSI2, + 2).
    expect(contactUnits).toEqual({ single: 1, batch: 0, transaction: 6 });
    // The lookups (2) + lock, ticket, tab counter and board membership (4 × 2) with the ticket's GSI3 and GSI4 puts.
    expect(ticketUnits).toEqual({ single: 0, batch: 2, transaction: 10 });
  });

  function unitsOfCalls() {
    const out = { single: 0, batch: 0, transaction: 0 };
    for (const call of ddb.calls()) {
      const input = call.args[0].input as Record<string, any>;
      if (call.args[0] instanceof PutCommand) out.single += writeUnits(itemSize(wire(input.Item)));
      if (call.args[0] instanceof BatchWriteCommand) for (const reqs of Object.values(input.RequestItems) as any[]) for (const r of reqs) out.batch += r.PutRequest ? writeUnits(itemSize(wire(r.PutRequest.Item))) : 1;
      if (call.args[0] instanceof TransactWriteCommand) {
        const items = (input.TransactItems as Record<string, any>[]).map((t) => {
          const [kind, body] = Object.entries(t)[0]!;
          return { [kind]: { ...body, ...(body.Item ? { Item: wire(body.Item) } : {}), ...(body.Key ? { Key: wire(body.Key) } : {}) } };
        });
        const ops = transactOps({ TransactItems: items });
        // Items new to the table: nothing before; an Update's after image is its key with the fields it sets (small).
        out.transaction += transactionUnits(ops, ops.map(() => undefined), ops.map((op) => op.key));
      }
    }
    return out;
  }
});
