/**
 * What a function's code can reach, read from the code itself (issue 24, least privilege): the
 * import closure of its handler module (static, re-exported and dynamic imports; type-only ones
 * left out), then what those files call. AppFunction and the session host grant exactly this, so a
 * new adapter call or queue is granted by writing the code, and nothing else is.
 *
 * - Table: each DynamoDB command a closure file constructs → its action (a transaction → the
 *   item actions it may carry). Scan only where the code scans.
 * - Media bucket: the media adapter's functions called in the closure → object actions (never
 *   List on the bucket, except `listMediaKeys`).
 * - Queues: the `QUEUE.<name>` a closure file names next to an `enqueue`/`enqueueBatch`/
 *   `queueOutbound` call (queue-outbound names its two queues itself).
 * - Secrets, channel secrets, realtime pushes, e-mail: by the adapter functions named.
 *
 * File-level: a file in the closure counts with everything it calls, whichever of its functions
 * the handler uses — a safe superset, as narrow as the files are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { QUEUE } from '@conversa/functions/adapters/queue-config';
import { REPO_ROOT } from './paths';

export type SecretUse = 'jwt' | 'origin' | 'seal' | 'metaVerify' | 'bootstrap' | 'paymentWebhook' | 'efiClient' | 'efiCertificateRead' | 'efiCertificateWrite';

export type CodeAccess = {
  /** The closure, repo-relative. */
  files: string[];
  /** dynamodb:* actions on the table and its indexes. */
  table: string[];
  /** s3:* actions on the media bucket's objects; `s3:ListBucket` when it lists. */
  media: string[];
  /** Queue names (QUEUE values) it sends to. */
  queues: string[];
  secrets: SecretUse[];
  channelSecrets?: 'read' | 'manage';
  /** Pushes to WebSocket connections (execute-api:ManageConnections). */
  realtime: boolean;
  /** Sends e-mail (SMTP settings and password). */
  mail: boolean;
};

const TABLE_COMMANDS: Record<string, readonly string[]> = {
  GetCommand: ['GetItem'],
  BatchGetCommand: ['BatchGetItem'],
  QueryCommand: ['Query'],
  PutCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  TransactWriteCommand: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  TransactGetCommand: ['GetItem'],
  ScanCommand: ['Scan'],
};

/** The media adapters' functions → the object actions they need (functions/src/adapters/media.ts, session-host/src/media.ts). */
const MEDIA_CALLS: Record<string, readonly string[]> = {
  putMedia: ['s3:PutObject'],
  presignUpload: ['s3:PutObject'],
  presignRead: ['s3:GetObject'],
  presignProviderRead: ['s3:GetObject'],
  presignDownload: ['s3:GetObject'],
  headMedia: ['s3:GetObject'],
  readMedia: ['s3:GetObject'],
  getMedia: ['s3:GetObject'],
  listMediaKeys: ['s3:ListBucket'],
  deleteMedia: ['s3:DeleteObject'],
  copyMedia: ['s3:GetObject', 's3:PutObject'],
  startMultipart: ['s3:PutObject'],
  uploadPart: ['s3:PutObject'],
  completeMultipart: ['s3:PutObject'],
};

const SECRET_CALLS: Record<string, SecretUse> = {
  jwtSecret: 'jwt',
  jwtKeys: 'jwt',
  sealSecret: 'seal',
  bootstrapPassword: 'bootstrap',
  originSecret: 'origin',
  paymentWebhookSecret: 'paymentWebhook',
  efiClientSecret: 'efiClient',
  paymentCertificate: 'efiCertificateRead',
  storePaymentCertificate: 'efiCertificateWrite',
};

const ENQUEUE_CALL = /\b(enqueue|enqueueBatch|queueOutbound|sendMessage|publishEnvelope)\(/;

/** Where an import specifier points inside the repo, or undefined (a package). */
function resolveImport(fromFile: string, spec: string): string | undefined {
  let base: string | undefined;
  if (spec.startsWith('.')) base = join(dirname(fromFile), spec);
  else if (spec.startsWith('@conversa/functions/')) base = join(REPO_ROOT, 'functions', 'src', spec.slice('@conversa/functions/'.length));
  else if (spec.startsWith('@conversa/shared/')) base = join(REPO_ROOT, 'shared', 'src', spec.slice('@conversa/shared/'.length));
  else if (spec.startsWith('@conversa/session-host/')) base = join(REPO_ROOT, 'session-host', 'src', spec.slice('@conversa/session-host/'.length));
  if (!base) return undefined;
  const stripped = base.replace(/\.(js|mjs|ts)$/, '');
  for (const candidate of [`${stripped}.ts`, join(stripped, 'index.ts'), base]) if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return undefined;
}

/** A file's imports that load code at run time (type-only imports and exports left out). */
export function runtimeImports(text: string, fileName = 'x.ts'): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const importsCache = new Map<string, string[]>();

/** The repo files a file loads at run time (absolute paths). */
function importsOf(file: string): string[] {
  let hit = importsCache.get(file);
  if (!hit) {
    hit = runtimeImports(readFileSync(file, 'utf8'), file).flatMap((spec) => resolveImport(file, spec) ?? []);
    importsCache.set(file, hit);
  }
  return hit;
}

/** Every repo source file the entry loads, itself included (absolute paths, sorted). */
export function importClosure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of importsOf(file)) if (!seen.has(target)) stack.push(target);
  }
  return [...seen].sort();
}

const QUEUE_NAMES: Record<string, string> = QUEUE;
const adapter = (name: string) => join(REPO_ROOT, 'functions', 'src', 'adapters', `${name}.ts`);

/** What the code loaded from `entry` (an absolute .ts path) can call. */
export function codeAccess(entry: string): CodeAccess {
  const files = importClosure(entry);
  const table = new Set<string>();
  const media = new Set<string>();
  const queues = new Set<string>();
  const secrets = new Set<SecretUse>();
  let channelSecrets: CodeAccess['channelSecrets'];
  let realtime = false;
  let mail = false;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bnew (\w+Command)\(/g)) for (const a of TABLE_COMMANDS[m[1]!] ?? []) table.add(`dynamodb:${a}`);
    if (/\bpaginateQuery\(/.test(text)) table.add('dynamodb:Query');
    // An adapter's capability counts where a file that imports it names one of its functions
    // (called, or handed on as a dependency: `resolveRef: resolveSecretRef`).
    const imports = new Set(importsOf(file));
    const calls = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
    if (imports.has(adapter('media')) || imports.has(join(REPO_ROOT, 'session-host', 'src', 'media.ts'))) for (const [fn, actions] of Object.entries(MEDIA_CALLS)) if (calls(fn)) actions.forEach((a) => media.add(a));
    if (imports.has(adapter('secrets')) || imports.has(adapter('payment-certificate'))) for (const [fn, use] of Object.entries(SECRET_CALLS)) if (calls(fn)) secrets.add(use);
    if (imports.has(adapter('channel-secrets')) && calls('metaVerifyToken')) secrets.add('metaVerify');
    if (imports.has(adapter('channel-secrets'))) {
      if (calls('storeChannelSecret')) channelSecrets = 'manage';
      else if (!channelSecrets && (calls('resolveSecretRef') || calls('metaAppSecret'))) channelSecrets = 'read';
    }
    if (imports.has(adapter('realtime')) && ['publish', 'publishAll', 'sendTo', 'closeConnection'].some(calls)) realtime = true;
    if (imports.has(adapter('mailer')) && calls('sendMail')) mail = true;
    if (file !== adapter('queue-config') && ENQUEUE_CALL.test(text)) for (const m of text.matchAll(/\bQUEUE\.(\w+)/g)) if (QUEUE_NAMES[m[1]!]) queues.add(QUEUE_NAMES[m[1]!]!);
  }
  return { files: files.map((f) => relative(REPO_ROOT, f)), table: [...table].sort(), media: [...media].sort(), queues: [...queues].sort(), secrets: [...secrets].sort(), channelSecrets, realtime, mail };
}
