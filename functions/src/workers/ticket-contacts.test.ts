import { describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { cardOf } from './ticket-contacts';

const rec = (eventName: 'INSERT' | 'MODIFY', img: Record<string, unknown>): DynamoDBRecord => ({ eventName, dynamodb: { SequenceNumber: '1', NewImage: img as never } });
const contact = { entity: { S: 'contact' }, companyId: { N: '7' }, id: { N: '42' }, name: { S: 'Ana' }, number: { S: '5511999990000' }, email: { S: 'a@x.test' }, profilePicUrl: { S: '' }, isGroup: { BOOL: false }, channel: { S: 'whatsapp' } };

describe('ticket contacts stream consumer', () => {
  it('reads the card of a modified contact', () => {
    expect(cardOf(rec('MODIFY', contact))).toEqual({ companyId: 7, contactId: 42, card: { name: 'Ana', number: '5511999990000', email: 'a@x.test', profilePicUrl: '', isGroup: false, channel: 'whatsapp' } });
  });
  it('ignores inserts, other entities and malformed images', () => {
    expect(cardOf(rec('INSERT', contact))).toBeUndefined();
    expect(cardOf(rec('MODIFY', { ...contact, entity: { S: 'ticket' } }))).toBeUndefined();
    expect(cardOf(rec('MODIFY', { ...contact, id: { S: 'x' } }))).toBeUndefined();
    expect(cardOf(rec('MODIFY', { ...contact, companyId: { N: '0' } }))).toBeUndefined();
  });
});
