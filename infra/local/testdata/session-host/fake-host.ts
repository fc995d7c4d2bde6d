/**
 * A stand-in for session-host/src/main.ts in the infra/local tests, run by the stack as its session
 * host. It appends JSON lines to $FAKE_HOST_OUT: `start` (with the environment it got), then each
 * message it long-polls from QUEUE_URL_OUTBOUND_SESSION with the real SQSClient; it echoes each
 * one to QUEUE_URL_INBOUND and deletes it. A body `crash-once` makes it exit 7 on the first receive
 * (without deleting); FAKE_HOST_MODE=crash makes it exit 3 right after `start`.
 */
import { appendFileSync } from 'node:fs';

const out = process.env.FAKE_HOST_OUT;
const record = (r: Record<string, unknown>) => {
  if (out) appendFileSync(out, JSON.stringify({ hostId: process.env.HOST_ID, pid: process.pid, ...r }) + '\n');
};
const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, process.env[k]]));

record({
  event: 'start',
  env: pick(['HOST_ID', 'LOCAL_SQS_ENDPOINT', 'QUEUE_URL_OUTBOUND_SESSION', 'QUEUE_URL_INBOUND', 'TABLE_NAME', 'DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'AWS_REGION', 'CONVERSA_PARENT_PIPE_FD']),
});
process.stdout.write(`fake host ${process.env.HOST_ID} up\n`);
if (process.env.FAKE_HOST_MODE === 'crash') {
  process.stderr.write('fake host: crashing on purpose\n');
  process.exit(3);
}
process.on('SIGTERM', () => {
  record({ event: 'sigterm' });
  process.exit(0);
});

const outbound = process.env.QUEUE_URL_OUTBOUND_SESSION;
const inbound = process.env.QUEUE_URL_INBOUND;
if (!outbound) {
  setInterval(() => undefined, 60_000);
} else {
  // Loaded only when there is work: an idle or crashing fake host starts fast.
  const { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const sqs = new SQSClient({ endpoint: process.env.LOCAL_SQS_ENDPOINT, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  for (;;) {
    try {
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: outbound, MaxNumberOfMessages: 10, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['All'] }));
      for (const m of got.Messages ?? []) {
        const receiveCount = Number(m.Attributes?.ApproximateReceiveCount);
        if (m.Body === 'crash-once' && receiveCount === 1) {
          record({ event: 'crash', body: m.Body });
          process.exit(7);
        }
        record({ event: 'message', body: m.Body, receiveCount, groupId: m.Attributes?.MessageGroupId });
        if (inbound) await sqs.send(new SendMessageCommand({ QueueUrl: inbound, MessageBody: `echo:${m.Body}`, MessageGroupId: 'echo', MessageDeduplicationId: m.MessageId }));
        await sqs.send(new DeleteMessageCommand({ QueueUrl: outbound, ReceiptHandle: m.ReceiptHandle }));
      }
    } catch (err) {
      record({ event: 'error', message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
