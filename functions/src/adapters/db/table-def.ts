/** The one table's shape, read by the CDK data stack and by the local stand-in. */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  // New images feed the stream consumers of functions/src/workers/streams.ts (message totals).
  stream: 'NEW_IMAGE',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: 'ALL' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK', projection: 'ALL' },
    // Keys only: the items listed here (tickets by status) change on every message, and an index
    // projecting those attributes would cost a second write each time.
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'KEYS_ONLY' },
  ],
} as const;
