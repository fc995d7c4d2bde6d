import { describe, expect, it } from 'vitest';
import { transactionUnits, transactOps } from './tx-units';

const put = (pk: string, bytes: number, extra: Record<string, { S: string }> = {}) => ({ Put: { TableName: 't', Item: { PK: { S: pk }, SK: { S: '1' }, d: { S: 'x'.repeat(bytes) }, ...extra } } });

describe('transactionUnits', () => {
  it('bills 2 WCU per KB started for each item, as AWS does', () => {
    const small = transactOps({ TransactItems: [put('a', 100), put('b', 100), put('c', 100)] });
    expect(transactionUnits(small, [undefined, undefined, undefined], [])).toBe(6);
    const big = transactOps({ TransactItems: [put('a', 1500), put('b', 1500), put('c', 1500)] });
    expect(transactionUnits(big, [undefined, undefined, undefined], [])).toBe(12);
  });
  it('takes the larger image of an update and adds index writes at the standard rate', () => {
    const ops = transactOps({ TransactItems: [{ Update: { TableName: 't', Key: { PK: { S: 'a' }, SK: { S: '1' } } } }] });
    const before = { PK: { S: 'a' }, SK: { S: '1' }, d: { S: 'x'.repeat(1500) } };
    expect(transactionUnits(ops, [before], [{ PK: { S: 'a' }, SK: { S: '1' } }])).toBe(4);
    // Into GSI1 (all attributes projected): one index put of 1 KB.
    const indexed = { PK: { S: 'a' }, SK: { S: '1' }, GSI1PK: { S: 'p' }, GSI1SK: { S: 's' } };
    expect(transactionUnits(transactOps({ TransactItems: [put('a', 10, { GSI1PK: { S: 'p' }, GSI1SK: { S: 's' } })] }), [undefined], [])).toBe(3);
    // A moved index key: a delete and a put there.
    expect(transactionUnits(ops, [indexed], [{ ...indexed, GSI1SK: { S: 't' } }])).toBe(2 + 2);
  });
});
