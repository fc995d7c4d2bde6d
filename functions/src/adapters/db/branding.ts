/**
 * Platform branding files: `P#BRANDING` / `LOGO#<ref>` and `DOC#<ref>`, each naming the S3 object
 * the upload was copied to (ACCESS_PATTERNS.md #90). The colours are the platform company's settings.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';

export type BrandingFile = { kind: 'LOGO' | 'DOC'; ref: string; key: string; size: number; width?: number; height?: number; updatedAt: string; updatedBy: number };

const PK = 'P#BRANDING';

/** Stores a file's record; answers the one it replaced. */
export async function putBrandingFile(f: BrandingFile): Promise<BrandingFile | undefined> {
  const out = await db().send(new PutCommand({ TableName: table(), Item: { PK, SK: `${f.kind}#${f.ref}`, entity: 'branding', ...f }, ReturnValues: 'ALL_OLD' }));
  if (!out.Attributes) return undefined;
  const { PK: _p, SK: _s, entity: _e, ...old } = out.Attributes;
  return old as BrandingFile;
}

/** Every branding file (at most seven items: one Query). */
export async function brandingFiles(): Promise<BrandingFile[]> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } }));
  return (out.Items ?? []).map(({ PK: _p, SK: _s, entity: _e, ...f }) => f as BrandingFile);
}
