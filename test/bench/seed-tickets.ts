/**
 * Seeds many tickets into one company straight into DynamoDB (BatchWrite), with one contact per
 * ticket and the tab counters the transitions would have kept. Used by the tickets bench, and
 * usable alone against a running local stack:
 *   DYNAMODB_ENDPOINT=http://127.0.0.1:8000 TABLE_NAME=conversa npx tsx test/bench/seed-tickets.ts <companyId> <whatsappId> <count>
 * Mix: 70% closed, 20% pending, 10% open (2% of all are groups); queues 1–4; open tickets spread
 * over the given agents. Items carry the same keys as the API writes (GSI3 status lists included).
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { contactKey } from '../../functions/src/adapters/db/contacts';
import { keys, pad } from '../../functions/src/adapters/db/keys';
import { countPartition, statusIndex, ticketKey, type Ticket, type TicketStatus } from '../../functions/src/adapters/db/tickets';

type Opts = { companyId: number; whatsappId: number; count: number; agents: number[]; firstId?: number; onProgress?: (done: number) => void };

async function writeAll(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
    }
  }
}

export async function seedTickets(o: Opts): Promise<{ counts: Record<string, number> }> {
  const first = o.firstId ?? 1;
  const base = Date.now() - o.count * 60_000;
  const counters = new Map<string, { status: TicketStatus; isGroup: boolean; queueId: number | null; userId: number | null; n: number }>();
  const CHUNK = 500;
  for (let start = 0; start < o.count; start += CHUNK) {
    const items: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(o.count, start + CHUNK); i++) {
      const id = first + i;
      const r = i % 10;
      const status: TicketStatus = r < 7 ? 'closed' : r < 9 ? 'pending' : 'open';
      const isGroup = i % 50 === 7;
      const queueId = (i % 4) + 1;
      const userId = status === 'pending' ? null : o.agents[i % o.agents.length]!;
      const at = new Date(base + i * 60_000).toISOString();
      const number = `5511${String(900000000 + id)}`;
      const t: Ticket = {
        id, uuid: `00000000-0000-4000-8000-${pad(id, 12)}`, companyId: o.companyId, contactId: id, whatsappId: o.whatsappId, channel: 'sandbox', status, queueId, userId, isGroup, isBot: false,
        lastMessage: `mensagem número ${id} sobre o pedido`, lastMessageAt: at, unreadMessages: status === 'closed' ? 0 : i % 3, queuedAt: at, ...(status !== 'pending' ? { acceptedAt: at } : {}), ...(status === 'closed' ? { closedAt: at } : {}),
        createdAt: at, updatedAt: at, sortedAt: at,
      };
      items.push({ ...ticketKey(o.companyId, id), ...statusIndex(t), entity: 'ticket', ...t, rev: 1 });
      items.push({ ...contactKey(o.companyId, id), entity: 'contact', id, companyId: o.companyId, name: `Cliente Bench ${id}`, number, email: '', channel: 'sandbox', isGroup, profilePicUrl: '', disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [], altIds: [], createdAt: at, updatedAt: at });
      if (status !== 'closed') {
        const sk = `${status}#${isGroup ? 'g' : 'i'}#${queueId}#${userId ?? 0}`;
        const c = counters.get(sk) ?? { status, isGroup, queueId, userId, n: 0 };
        c.n++;
        counters.set(sk, c);
      }
    }
    await writeAll(items);
    o.onProgress?.(Math.min(o.count, start + CHUNK));
  }
  await writeAll([...counters].map(([sk, c]) => ({ PK: countPartition(o.companyId), SK: sk, ...c })));
  // Ids allocated later by the API continue after the seeded ones.
  for (const entity of ['ticket', 'contact']) {
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.counter(o.companyId, `id#${entity}`), UpdateExpression: 'ADD #v :n', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':n': o.count + first } }));
  }
  return { counts: Object.fromEntries([...counters].map(([k, c]) => [k, c.n])) };
}

if (process.argv[1]?.endsWith('seed-tickets.ts')) {
  const [cid, wid, count] = process.argv.slice(2).map(Number);
  if (!cid || !wid || !count) {
    console.error('usage: seed-tickets.ts <companyId> <whatsappId> <count>');
    process.exit(2);
  }
  const t0 = Date.now();
  await seedTickets({ companyId: cid, whatsappId: wid, count, agents: [1], onProgress: (n) => n % 10_000 === 0 && console.log(`${n} tickets`) });
  console.log(`seeded ${count} tickets in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
