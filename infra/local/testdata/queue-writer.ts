/**
 * Child process of queues-durable.test.ts: opens journaled queues in $QUEUE_JOURNAL, leaves a known
 * state (a delete, a message in flight, a dead letter, a FIFO dedupe entry), prints `ready`, then
 * sends until killed, printing each message id once its send is durable (what an SQS client's
 * SendMessage answer waits for).
 */
import { LocalQueues } from '../queues';

const q = new LocalQueues(
  [
    { name: 'jobs', fifo: false, visibilityTimeout: 600, maxReceives: 1, batchSize: 10 },
    { name: 'inbound', fifo: true, visibilityTimeout: 600, maxReceives: 5, batchSize: 10 },
  ],
  { journal: process.env.QUEUE_JOURNAL! },
);
q.send('jobs', 'deleted');
q.delete('jobs', q.receive('jobs')[0]!.receiptHandle);
q.send('jobs', 'poison');
// Received maxReceives (1) times and visible again: the next receive dead-letters it.
q.changeVisibility('jobs', q.receive('jobs')[0]!.receiptHandle, 0);
q.receive('jobs');
q.send('inbound', 'in-flight', { groupId: 'g1', dedupId: 'd-in-flight' });
q.receive('inbound');
q.send('jobs', 'delayed', { delaySeconds: 900 });
await q.durable();
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const group = `g${i % 8}`;
  q.send('inbound', `m${i}`, { groupId: group, dedupId: `d${i}` });
  await q.durable();
  process.stdout.write(`ack m${i}\n`);
}
