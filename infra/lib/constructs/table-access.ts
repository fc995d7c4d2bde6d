/**
 * Item-level access to the table and its indexes. Narrower than `grantReadWriteData`: no Scan
 * (DESIGN.md: no Scan on a request path; lists use Query over an index) and no stream reads.
 * Transactions need no action of their own: TransactWriteItems is authorised per Put/Update/
 * Delete/ConditionCheck, TransactGetItems per GetItem.
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam';

export const TABLE_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

export function grantTableData(table: ITable, grantee: IGrantable): Grant {
  return table.grant(grantee, ...TABLE_DATA_ACTIONS);
}
