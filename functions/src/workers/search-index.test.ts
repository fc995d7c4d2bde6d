import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { jobOf } from './search-index';

const rec = (eventName: 'INSERT' | 'MODIFY', image: Record<string, unknown>): DynamoDBRecord => ({ eventName, dynamodb: { SequenceNumber: '1', NewImage: image as never } });
const message = (extra: Record<string, unknown>) => ({ entity: { S: 'message' }, companyId: { N: '7' }, ticketId: { N: '40' }, body: { S: 'Quero um orçamento' }, ...extra });

describe('search index records', () => {
  it("indexes the customer's and the agents' messages, not the platform's own texts", () => {
    expect(jobOf(rec('INSERT', message({ fromMe: { BOOL: false } })))).toEqual({ kind: 'message', companyId: 7, ticketId: 40, body: 'Quero um orçamento' });
    expect(jobOf(rec('INSERT', message({ fromMe: { BOOL: true }, userId: { N: '3' } })))).toMatchObject({ kind: 'message', ticketId: 40 });
    expect(jobOf(rec('INSERT', message({ fromMe: { BOOL: true } })))).toBeUndefined();
    expect(jobOf(rec('INSERT', message({ body: { S: '  ' } })))).toBeUndefined();
    expect(jobOf(rec('MODIFY', message({})))).toBeUndefined();
  });

  it('new tickets and edited contacts; anything else is ignored', () => {
    expect(jobOf(rec('INSERT', { entity: { S: 'ticket' }, companyId: { N: '7' }, id: { N: '40' }, contactId: { N: '9' } }))).toEqual({ kind: 'ticket', companyId: 7, ticketId: 40, contactId: 9 });
    expect(jobOf(rec('MODIFY', { entity: { S: 'contact' }, companyId: { N: '7' }, id: { N: '9' }, name: { S: 'Ana' }, number: { S: '5511' } }))).toEqual({ kind: 'contact', companyId: 7, contact: { id: 9, name: 'Ana', number: '5511' } });
    expect(jobOf(rec('MODIFY', { entity: { S: 'ticket' }, companyId: { N: '7' }, id: { N: '40' }, contactId: { N: '9' } }))).toBeUndefined();
    expect(jobOf(rec('INSERT', { entity: { S: 'contact' }, companyId: { N: '7' }, id: { N: '9' } }))).toBeUndefined();
    expect(jobOf(rec('INSERT', { entity: { S: 'ticket' }, companyId: { N: 'x' }, id: { N: '40' }, contactId: { N: '9' } }))).toBeUndefined();
  });
});
