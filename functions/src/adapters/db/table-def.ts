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
    // The keys and the two attributes the lists filter on before reading a ticket (its queue and
    // user: visibility, the queue and user filters). The items listed here (tickets by status)
    // change on every message, but those two only on a transition, which moves the ticket in its
    // list anyway: a message still writes nothing here. Projecting the rest would cost a second
    // write per message.
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'INCLUDE', include: ['queueId', 'userId'] },
    // Every ticket of a company by id, with the four attributes the list's filters and visibility
    // look at: a text search checks its candidate tickets here (one Query over their id range)
    // before reading them. The keys never change and the four only on a transition: a message
    // writes nothing here.
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK', projection: 'INCLUDE', include: ['status', 'queueId', 'userId', 'isGroup'] },
  ],
} as const;
