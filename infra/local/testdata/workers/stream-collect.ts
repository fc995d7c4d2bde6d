/** A stream handler that records the records it finished and fails from the first one marked `poison`. */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { recorder } from '../recorder';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const r of event.Records) {
    if (r.dynamodb?.NewImage?.poison?.BOOL) return { batchItemFailures: [{ itemIdentifier: r.dynamodb.SequenceNumber! }] };
    recorder('stream').events.push(r.dynamodb?.NewImage?.SK?.S);
  }
  return { batchItemFailures: [] };
};
