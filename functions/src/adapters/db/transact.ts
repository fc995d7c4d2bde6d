import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import type { TxItem } from './users';

/**
 * Runs a transaction; undefined when it succeeded, else the positions whose condition failed
 * (empty when it was cancelled for another reason, e.g. a conflict with a concurrent transaction).
 */
export async function transact(items: TxItem[]): Promise<number[] | undefined> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return undefined;
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    return (err.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
  }
}
