/** One local stack for a session-host test file: DynamoDB Local, S3, queues (none consumed by a handler), no child session host. */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '@conversa/functions/adapters/db/client';
import { getConnection, recordScan, sessionIndexKeys } from '@conversa/functions/adapters/db/connections';
import { keys } from '@conversa/functions/adapters/db/keys';
import { messageKey } from '@conversa/functions/adapters/db/messages';
import { QUEUES } from '@conversa/functions/adapters/queue-config';
import type { Channel, SessionDesired } from '@conversa/shared/channels';
import { startStack, type Stack } from '../../../infra/local/stack';
import { sqsQueuePort, type QueuePort } from '../queue-port';
import { localQueuePort } from './local-queue-port';

export async function startTestStack(): Promise<{ stack: Stack; queue: QueuePort; viaSqs: boolean }> {
  const opts = { port: 0, seed: false, tickMs: 3_600_000, handleSignals: false, sessionHost: false, queues: QUEUES.map(({ handler: _h, ...q }) => q) };
  const stack = await startStack(opts as Parameters<typeof startStack>[0]);
  // The real SQS client path when the local stack speaks the SQS JSON protocol; else the in-process queues.
  const viaSqs = !!stack.env.LOCAL_SQS_ENDPOINT && !!stack.env.QUEUE_URL_INBOUND && process.env.SESSION_HOST_TEST_QUEUES !== 'local';
  return { stack, queue: viaSqs ? sqsQueuePort : localQueuePort(stack.queues), viaSqs };
}

export async function putConnection(companyId: number, id: number, o: { channel?: Channel; desired?: SessionDesired } = {}): Promise<void> {
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.whatsapp(companyId, id),
        ...sessionIndexKeys({ companyId, id }),
        id,
        companyId,
        name: `conn ${id}`,
        channel: o.channel ?? 'sandbox',
        status: 'DISCONNECTED',
        qrcode: '',
        number: '',
        desired: o.desired ?? 'run',
        desiredAt: now,
        createdAt: now,
        updatedAt: now,
      },
    }),
  );
}

export async function setDesired(companyId: number, id: number, desired: SessionDesired): Promise<string> {
  const at = new Date().toISOString();
  await db().send(new UpdateCommand({ TableName: table(), Key: keys.whatsapp(companyId, id), UpdateExpression: 'SET desired = :d, desiredAt = :a', ExpressionAttributeValues: { ':d': desired, ':a': at } }));
  return at;
}

/** Confirms the connection's current QR as POST /sandbox/{id}/scan does. */
export async function scan(companyId: number, id: number): Promise<void> {
  const c = await getConnection(companyId, id, true);
  if (!c || !(await recordScan(companyId, id, c.qrcode, new Date().toISOString()))) throw new Error(`no QR to scan on connection ${id}`);
}

export async function putPendingMessage(companyId: number, ticketId: number, messageId: string): Promise<void> {
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName: table(), Item: { ...messageKey(companyId, ticketId, messageId), id: messageId, companyId, ticketId, body: 'hi', fromMe: true, ack: 0, createdAt: now, updatedAt: now } }));
}

export async function waitFor<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`waitFor: timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
