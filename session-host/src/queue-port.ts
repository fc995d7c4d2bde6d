/**
 * What the host needs from a queue: long-poll receive, delete, change visibility, send. In AWS
 * (and locally once `/_sqs` speaks the SQS JSON protocol) this is SQS through functions'
 * adapter; tests may plug in another implementation.
 */
import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { enqueue, enqueueFifoBatch, queueUrl, sqs } from '@conversa/functions/adapters/queue';

export type QueueMessage = { id: string; receiptHandle: string; body: string; groupId?: string; receiveCount: number };

export interface QueuePort {
  receive(queue: string, opts: { max: number; waitSeconds: number; signal?: AbortSignal }): Promise<QueueMessage[]>;
  delete(queue: string, receiptHandle: string): Promise<void>;
  changeVisibility(queue: string, receiptHandle: string, seconds: number): Promise<void>;
  send(queue: string, body: unknown, opts: { groupId?: string; dedupId?: string }): Promise<void>;
  /** Up to 10 sends in one request (send-batcher.ts); answers the indexes of the entries refused. */
  sendBatch?(queue: string, entries: readonly { body: unknown; groupId?: string; dedupId?: string }[]): Promise<number[]>;
}

export const sqsQueuePort: QueuePort = {
  async receive(queue, { max, waitSeconds, signal }) {
    const out = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl(queue),
        MaxNumberOfMessages: Math.min(10, max),
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ['MessageGroupId', 'ApproximateReceiveCount'],
      }),
      { abortSignal: signal },
    );
    return (out.Messages ?? []).map((m) => ({
      id: m.MessageId ?? '',
      receiptHandle: m.ReceiptHandle ?? '',
      body: m.Body ?? '',
      ...(m.Attributes?.MessageGroupId ? { groupId: m.Attributes.MessageGroupId } : {}),
      receiveCount: Number(m.Attributes?.ApproximateReceiveCount ?? 1),
    }));
  },
  async delete(queue, receiptHandle) {
    await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl(queue), ReceiptHandle: receiptHandle }));
  },
  async changeVisibility(queue, receiptHandle, seconds) {
    await sqs().send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl(queue), ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
  },
  async send(queue, body, opts) {
    await enqueue(queue, body, opts);
  },
  sendBatch: (queue, entries) => enqueueFifoBatch(queue, entries),
};
