/**
 * Helpers of the fault tests (durability.test.ts): customers played on a sandbox phone by several
 * senders that retry until answered 202 (the acknowledged ids), a stack in a child process, and a
 * count of the message items stored per played id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Client } from './api';

const REPO = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Played = { acked: Set<string>; answers: Map<number, number>; done: Promise<void> };

/**
 * `total` customer messages (`<prefix><i>`) from `senders` phones, one sender per phone playing its
 * messages in order; a message is played again (same id) until it is answered 202 — a 503, a 500
 * or a refused connection is not an acknowledgement. `client()` is asked before every call (a
 * test may sign in again after a restart). `pace()` resolves when the next message may go.
 */
export function playCustomers(client: () => Client, whatsappId: number, o: { prefix: string; total: number; senders: number; pace?: (sent: number) => Promise<void> }): Played {
  const acked = new Set<string>();
  const answers = new Map<number, number>();
  let sent = 0;
  const sender = async (s: number) => {
    for (let i = s; i < o.total; i += o.senders) {
      const id = `${o.prefix}${i}`;
      await o.pace?.(sent++);
      for (let attempt = 0; ; attempt++) {
        const status = await client()
          .call('POST', `/sandbox/${whatsappId}/inbound`, { body: { from: `55119800000${String(s).padStart(2, '0')}`, name: `Cliente ${s}`, body: id, id } })
          .then((r) => r.status)
          .catch(() => 0);
        answers.set(status, (answers.get(status) ?? 0) + 1);
        if (status === 202) {
          acked.add(id);
          break;
        }
        if (attempt > 600) throw new Error(`${id} never acknowledged (last ${status})`);
        await sleep(200);
      }
    }
  };
  const done = Promise.all(Array.from({ length: o.senders }, (_, s) => sender(s))).then(() => undefined);
  return { acked, answers, done };
}

/** How many message items hold each body (`C#<cid>#TICKETS` → each ticket's `C#<cid>#MSGS#<id>`), read from DynamoDB at `endpoint`. */
export async function storedBodies(endpoint: string, companyId: number): Promise<Map<string, number>> {
  const raw = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const doc = DynamoDBDocumentClient.from(raw);
  const all = async (pk: string) => {
    const items: Record<string, any>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await doc.send(new QueryCommand({ TableName: 'conversa', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start, ConsistentRead: true }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  };
  try {
    const counts = new Map<string, number>();
    for (const t of await all(`C#${companyId}#TICKETS`)) for (const m of await all(`C#${companyId}#MSGS#${t.id}`)) counts.set(m.body, (counts.get(m.body) ?? 0) + 1);
    return counts;
  } finally {
    raw.destroy();
  }
}

export type StackProcess = { child: ChildProcess; port: number; url: string; dynamodb: string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: () => string };

/** Starts test/support/stack-process.ts on `dir` (and `port`, 0 = any); resolves once it is ready. */
export function startStackProcess(dir: string, port = 0, queueSecondMs = 1000, tickMs?: number): Promise<StackProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'test', 'support', 'stack-process.ts')], {
    cwd: REPO,
    env: { ...process.env, STACK_DIR: dir, STACK_PORT: String(port), QUEUE_SECOND_MS: String(queueSecondMs), ...(tickMs ? { TICK_MS: String(tickMs) } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      out = (out + d.toString()).slice(-20_000);
      const line = buf.split('\n').find((l) => l.startsWith('{"pid"'));
      if (line) {
        const info = JSON.parse(line) as { port: number; url: string; dynamodb: string };
        resolve({ child, ...info, exit, output: () => out });
      }
    });
    void exit.then(({ code, signal }) => reject(new Error(`stack process exited (${code ?? signal}) before it was ready: ${out}`)));
  });
}

/** Queue depths of a running stack (GET /_sqs). */
export async function queueDepths(url: string): Promise<Record<string, number>> {
  const body = (await (await fetch(`${url}/_sqs`)).json()) as { queues: { name: string; depth: number; dlqDepth: number }[] };
  return Object.fromEntries(body.queues.flatMap((q) => [[q.name, q.depth], [`${q.name}-dlq`, q.dlqDepth]]));
}
