/** The environment the handlers read (functions/src/lib/config.ts), pointed at the local stand-ins. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueUrlEnvName } from '@conversa/functions/adapters/queue-config';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** 48 random characters; kept in persistDir/jwt-secret so a restart keeps sessions valid. */
export const jwtSecret = (persistDir?: string): string => keptSecret(persistDir, 'jwt-secret');

/** The payment webhook's secret path segment; kept in persistDir so a registered webhook URL stays valid. */
export const paymentWebhookSecret = (persistDir?: string): string => keptSecret(persistDir, 'payment-webhook-secret');

function keptSecret(persistDir: string | undefined, name: string): string {
  const fresh = () => randomBytes(36).toString('base64url');
  if (!persistDir) return fresh();
  const file = path.resolve(persistDir, name);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = fresh();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export const TABLE_NAME = 'conversa';

export type StandIns = { dynamodbEndpoint: string; s3Endpoint: string; smtpPort: number; httpPort: number; bucket: string; jwtSecret: string; paymentWebhookSecret: string };

export function localEnv(s: StandIns): Record<string, string> {
  return {
    TABLE_NAME: TABLE_NAME,
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: s.dynamodbEndpoint,
    S3_ENDPOINT: s.s3Endpoint,
    MEDIA_BUCKET: s.bucket,
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${s.httpPort}/_ws`,
    JWT_SECRET: s.jwtSecret,
    PAYMENT_WEBHOOK_SECRET: s.paymentWebhookSecret,
    PUBLIC_API_URL: `http://127.0.0.1:${s.httpPort}/api`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(s.smtpPort),
    COOKIE_SECURE: 'false',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    APP_VERSION: appVersion(),
    /** No CloudWatch here: the handlers' EMF metric records (functions/src/lib/metrics.ts) are not written. */
    POWERTOOLS_METRICS_DISABLED: 'true',
    /** The local queues' SQS endpoint: `new SQSClient({ endpoint: LOCAL_SQS_ENDPOINT })` (sqs-json.ts). */
    LOCAL_SQS_ENDPOINT: sqsEndpoint(s.httpPort),
    /** The SDK's own per-service endpoint variable: an SQSClient without `endpoint` finds the local queues too. */
    AWS_ENDPOINT_URL_SQS: sqsEndpoint(s.httpPort),
  };
}

export const sqsEndpoint = (httpPort: number) => `http://127.0.0.1:${httpPort}/_sqs`;

/**
 * `QUEUE_URL_<NAME>` for every queue (the rule of functions/src/adapters/queue-config.ts, which the SQS
 * adapter reads and the CDK's `queueUrlEnvName` matches), pointing at the local queues.
 */
export function queueUrlEnv(queueNames: readonly string[], endpoint: string): Record<string, string> {
  const out: Record<string, string> = {};
  const from = new Map<string, string>();
  for (const name of queueNames) {
    const key = queueUrlEnvName(name);
    const other = from.get(key);
    if (other !== undefined) throw new Error(`queues ${other} and ${name} both map to ${key}`);
    from.set(key, name);
    out[key] = `${endpoint}/${encodeURIComponent(name)}`;
  }
  return out;
}

/** Sets the variables; the returned function puts the previous values back. */
export function applyEnv(vars: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(vars)) {
    previous.set(k, process.env[k]);
    process.env[k] = v;
  }
  return () => {
    for (const [k, v] of previous) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
