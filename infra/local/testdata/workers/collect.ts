/** An SQS handler that records each batch and fails the messages whose body starts with "fail". */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { recorder } from '../recorder';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  recorder('sqs').events.push(event);
  return { batchItemFailures: event.Records.filter((r) => r.body.startsWith('fail')).map((r) => ({ itemIdentifier: r.messageId })) };
};
