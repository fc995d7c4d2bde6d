/**
 * GET /messages/{ticketId} on a ticket with 10,000 messages: a fresh company, one ticket made by
 * the inbound worker, 10,000 messages seeded straight into DynamoDB (BatchWrite; one in ten
 * quotes an older message, one in twenty carries a file), then pages as the chat asks for them:
 * the first page (with the ticket) and a walk to the oldest message by cursor. Prints latency
 * percentiles and DynamoDB read units per page (adapters/db/capacity.ts).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { messageKey, newMessageId, type Message } from '../../functions/src/adapters/db/messages';
import { handler as inboundWorker } from '../../functions/src/workers/inbound';
import { benchCompany } from './company';
import { writeAll } from './seed-tickets';

type Units = { read: number; write: number; calls: number };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

export async function seedMessages(base: Omit<Message, 'id' | 'body' | 'fromMe' | 'createdAt' | 'updatedAt'>, count: number): Promise<void> {
  const start = Date.now() - count * 60_000;
  const ids = Array.from({ length: count }, (_, i) => newMessageId(start + i * 60_000));
  const items = ids.map((id, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    const m: Message = {
      ...base,
      id,
      body: `Mensagem de teste número ${i} com um texto de tamanho comum numa conversa de atendimento.`,
      fromMe: i % 3 === 0,
      createdAt: at,
      updatedAt: at,
      ...(i % 10 === 5 && i >= 50 ? { quotedMsgId: ids[i - 50] } : {}),
      ...(i % 20 === 7 ? { mediaType: 'image' as const, mediaKey: `companies/${base.companyId}/media/${base.whatsappId}/bench-${i}`, mimetype: 'image/jpeg', filename: `foto-${i}.jpg` } : {}),
    };
    return { ...messageKey(base.companyId, base.ticketId, id), entity: 'message', ...m };
  });
  await writeAll(items);
}

export async function benchMessages(url: string, takeUnits: () => Units, count = Number(process.env.BENCH_MESSAGES ?? 10_000)): Promise<string[]> {
  const { api, cid, auth, whatsappId } = await benchCompany(url, 'Bench Messages');
  const conn = { id: whatsappId };

  // One ticket, made the way a customer's first message makes it.
  const env = { kind: 'message', companyId: cid, whatsappId: conn.id, externalId: `BENCH${Date.now()}`, chatId: '5511955554444', isGroup: false, fromMe: false, contactName: 'Cliente Bench', altIds: [], body: 'Olá', timestamp: Date.now() };
  await inboundWorker({ Records: [{ messageId: 'bench', receiptHandle: 'bench', body: JSON.stringify(env), attributes: { ApproximateReceiveCount: '1', MessageGroupId: `${cid}#${conn.id}#5511955554444` }, messageAttributes: {} }] } as never, {} as never);
  const ticket = (await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${cid}#TICKETS` }, Limit: 1 }))).Items![0]!;

  const t0 = performance.now();
  await seedMessages({ companyId: cid, ticketId: Number(ticket.id), contactId: Number(ticket.contactId), whatsappId: conn.id, ack: 3, isDeleted: false, isEdited: false, isForwarded: false, read: true }, count);
  const seedSecs = (performance.now() - t0) / 1000;

  const lines = ['', `Messages of one ticket with ${count.toLocaleString('en')} messages (seeded in ${seedSecs.toFixed(0)} s; sequential, one client)`, ''];
  lines.push(['request'.padEnd(44), 'pages'.padStart(5), 'p50'.padStart(7), 'p99'.padStart(7), 'RCU/page'.padStart(9), 'calls'.padStart(6)].join(' '));
  const run = async (label: string, query: string, pages: number, walk: boolean) => {
    await fetch(`${api}/messages/${ticket.id}?${query}`, { headers: auth }); // warm
    takeUnits();
    const times: number[] = [];
    let cursor: string | undefined;
    let listed = 0;
    let done = 0;
    for (; done < pages; done++) {
      const t = performance.now();
      const res = await fetch(`${api}/messages/${ticket.id}?${query}${walk && cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
      const body = (await res.json()) as { messages: unknown[]; hasMore: boolean; cursor?: string };
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      listed += body.messages.length;
      cursor = body.cursor;
      if (walk && !body.hasMore) {
        done++;
        break;
      }
    }
    const u = takeUnits();
    const f = (x: number, d = 1) => x.toFixed(d);
    lines.push([label.padEnd(44), String(done).padStart(5), f(pct(times, 50)).padStart(7), f(pct(times, 99)).padStart(7), f(u.read / done, 2).padStart(9), f(u.calls / done, 1).padStart(6)].join(' ') + `  (${listed} listed)`);
  };
  await run('first page of 30 (with the ticket)', 'limit=30', 200, false);
  await run('walk to the oldest message, pages of 30', 'limit=30', 1_000, true);
  await run('walk to the oldest message, pages of 100', 'limit=100', 1_000, true);
  lines.push('', 'RCU/page counts every read of the request: the caller (user item), the ticket, the settings, the page Query, the quoted messages outside the page (one BatchGet) and, on a first page, the ticket view (contact; names cached). Media URLs are presigned locally (no S3 call).');
  return lines;
}
