import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';

/** Moves a company's due date into the past (the payment issue will do this by time passing). */
export async function makeOverdue(companyId: number): Promise<void> {
  await db().send(new UpdateCommand({ TableName: table(), Key: keys.company(companyId), UpdateExpression: 'SET dueDate = :d', ExpressionAttributeValues: { ':d': '2020-01-01' } }));
}
