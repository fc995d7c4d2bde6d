/**
 * Seeds many tickets into one company straight into DynamoDB (BatchWrite), with one contact per
 * ticket and the tab counters the transitions would have kept. Used by the tickets bench, and
 * usable alone against a running local stack:
 *   DYNAMODB_ENDPOINT=http://127.0.0.1:8000 TABLE_NAME=conversa npx tsx test/bench/seed-tickets.ts <companyId> <whatsappId> <count>
 * Mix: 70% closed, 20% pending, 10% open (2% of all are groups); queues 1–4 (or the four given); open tickets spread
 * over the given agents. Items carry the same keys as the API writes (GSI3 status lists included).
 * Contacts have one of 40 × 50 first and last names (drawn independently) and a mobile number; with `messages`, each
 * ticket gets its customer's message (one of a few, with an order number) as a message item too,
 * so the table's stream feeds the search index as it would for real conversations. With `index`, the
 * search index's blocks are written here too (the words the indexer would write, in whole blocks),
 * so the stream's indexer finds them set and writes nothing: a large seed is searchable at once.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { askChild } from './child-job';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../../functions/src/adapters/db/batch';
import { db, table } from '../../functions/src/adapters/db/client';
import { contactKey } from '../../functions/src/adapters/db/contacts';
import { keys, pad } from '../../functions/src/adapters/db/keys';
import { messageKey } from '../../functions/src/adapters/db/messages';
import { tagKey, tagMoves } from '../../functions/src/adapters/db/tags';
import { blockKey, blockOf, emptyBitmap, packBits, setBit, type Source } from '../../functions/src/adapters/db/search-index';
import { contactWords, messageWords, prefixesOf } from '../../functions/src/domain/search/tokens';
import { contactTicketKey, countPartition, rosterIndex, statusIndex, ticketKey, type Ticket, type TicketStatus } from '../../functions/src/adapters/db/tickets';

type Opts = {
  companyId: number; whatsappId: number; count: number; agents: number[]; queues?: number[]; firstId?: number; messages?: boolean; index?: boolean; onProgress?: (done: number) => void;
  /** Every ticket of this status instead of the mix. */
  status?: TicketStatus;
  /** Ticket i in lane `lanes[i % n]` (0 = 'Em aberto'), with its tag memberships and the lanes' ticketsCount. */
  lanes?: number[];
};

const FIRST = 'Maria Ana Francisca Antônia Adriana Juliana Márcia Fernanda Patrícia Aline José João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Gabriel Rafael Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Sandra Camila Amanda Letícia Bruna Jéssica Larissa Vanessa Simone Renata'.split(' ');
const LAST = 'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Monteiro Moura Campos Batista Barros Azevedo Castro Duarte Cunha Farias Reis'.split(' ');
const SAYS = ['Olá, o pedido {n} está atrasado', 'Quero trocar o produto do pedido {n}', 'O boleto do pedido {n} venceu', 'Bom dia! Quando chega a entrega do pedido {n}?', 'Preciso da nota fiscal do pedido {n}'];

/** A well-mixed 32-bit hash of `n` under `seed` (so names do not follow the ticket ids). */
function mix(n: number, seed: number): number {
  let h = Math.imul(n ^ seed, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The seeded contact of ticket `id`: a name, a mobile number (area codes 11–99) and what they
 * wrote. First and last names are drawn independently of each other and of the id (one in 40 is
 * a Maria, one in 50 a Silva, one in 2,000 both), as customers arrive in a real inbox.
 */
export function seededCustomer(id: number) {
  const name = `${FIRST[mix(id, 1) % FIRST.length]} ${LAST[mix(id, 2) % LAST.length]}`;
  const number = `55${11 + (id % 89)}9${String((id * 7919) % 100_000_000).padStart(8, '0')}`;
  const order = String(100_000 + id);
  return { name, number, order, says: SAYS[id % SAYS.length]!.replace('{n}', order) };
}

/** Puts, 25 a BatchWrite with four at once (DynamoDB Local answers a few in parallel faster than one by one). */
export async function writeAll(items: Record<string, unknown>[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const start = next;
      next += 25;
      await batchWrite(items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })), 'seed');
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The search index's blocks of seeded tickets, built in memory and written once each block is whole. */
class IndexBlocks {
  private blocks = new Map<string, { token: string; block: number; t?: Uint8Array; n?: Uint8Array }>();

  constructor(private readonly cid: number) {}

  add(ticketId: number, source: Source, prefixes: string[]): void {
    const block = blockOf(ticketId);
    for (const token of prefixes) {
      const id = `${token}|${block}`;
      const b = this.blocks.get(id) ?? { token, block };
      setBit((b[source] ??= emptyBitmap()), ticketId);
      this.blocks.set(id, b);
    }
  }

  /** Writes the blocks below `block` (all of them without it). */
  async flush(block = Number.POSITIVE_INFINITY): Promise<void> {
    const items: Record<string, unknown>[] = [];
    for (const [id, b] of this.blocks) {
      if (b.block >= block) continue;
      items.push({ ...blockKey(this.cid, b.token, b.block), ...(b.t ? { t: packBits(b.t) } : {}), ...(b.n ? { n: packBits(b.n) } : {}), v: 1 });
      this.blocks.delete(id);
    }
    await writeAll(items);
  }
}

export async function seedTickets(o: Opts): Promise<{ counts: Record<string, number> }> {
  const first = o.firstId ?? 1;
  const index = o.index ? new IndexBlocks(o.companyId) : undefined;
  const base = Date.now() - o.count * 60_000;
  const counters = new Map<string, { status: TicketStatus; isGroup: boolean; queueId: number | null; userId: number | null; n: number }>();
  const laneCounts = new Map<number, number>();
  const CHUNK = 500;
  for (let start = 0; start < o.count; start += CHUNK) {
    const items: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(o.count, start + CHUNK); i++) {
      const id = first + i;
      const r = i % 10;
      const status: TicketStatus = o.status ?? (r < 7 ? 'closed' : r < 9 ? 'pending' : 'open');
      const isGroup = i % 50 === 7;
      const queueId = o.queues?.length ? o.queues[i % o.queues.length]! : (i % 4) + 1;
      const userId = status === 'pending' ? null : o.agents[i % o.agents.length]!;
      const at = new Date(base + i * 60_000).toISOString();
      const who = seededCustomer(id);
      const t: Ticket = {
        id, uuid: `00000000-0000-4000-8000-${pad(id, 12)}`, companyId: o.companyId, contactId: id, whatsappId: o.whatsappId, channel: 'sandbox', status, queueId, userId, isGroup, isBot: false,
        lastMessage: who.says, lastMessageAt: at, unreadMessages: status === 'closed' ? 0 : i % 3, queuedAt: at, ...(status !== 'pending' ? { acceptedAt: at } : {}), ...(status === 'closed' ? { closedAt: at } : {}),
        contactCard: { name: who.name, number: who.number, email: '', profilePicUrl: '', isGroup, channel: 'sandbox' },
        createdAt: at, updatedAt: at, sortedAt: at,
      };
      const laneId = o.lanes?.length ? o.lanes[i % o.lanes.length]! : 0;
      if (laneId) {
        Object.assign(t, { laneId, tagIds: [laneId] });
        laneCounts.set(laneId, (laneCounts.get(laneId) ?? 0) + 1);
      }
      items.push({ ...ticketKey(o.companyId, id), ...statusIndex(t), ...rosterIndex(t), entity: 'ticket', ...t, rev: 1 });
      if (o.lanes) for (const m of tagMoves(o.companyId, undefined, t)) if (m.Put) items.push(m.Put.Item as Record<string, unknown>);
      items.push({ ...contactTicketKey(o.companyId, id, id), ticketId: id });
      items.push({ ...contactKey(o.companyId, id), entity: 'contact', id, companyId: o.companyId, name: who.name, number: who.number, email: '', channel: 'sandbox', isGroup, profilePicUrl: '', disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [], altIds: [], createdAt: at, updatedAt: at });
      if (index) for (const g of contactWords(who)) index.add(id, 'n', g);
      if (o.messages) {
        if (index) for (const w of messageWords(who.says)) index.add(id, 't', prefixesOf(w));
        const messageId = `${Date.parse(at).toString(36).padStart(9, '0')}seed${String(id % 1000).padStart(3, '0')}`;
        items.push({ ...messageKey(o.companyId, id, messageId), entity: 'message', id: messageId, companyId: o.companyId, ticketId: id, contactId: id, whatsappId: o.whatsappId, body: who.says, fromMe: false, ack: 0, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: at, updatedAt: at });
      }
      if (status !== 'closed') {
        const sk = `${status}#${isGroup ? 'g' : 'i'}#${queueId}#${userId ?? 0}`;
        const c = counters.get(sk) ?? { status, isGroup, queueId, userId, n: 0 };
        c.n++;
        counters.set(sk, c);
      }
    }
    await writeAll(items);
    await index?.flush(blockOf(first + start + CHUNK));
    o.onProgress?.(Math.min(o.count, start + CHUNK));
  }
  await index?.flush();
  await writeAll([...counters].map(([sk, c]) => ({ PK: countPartition(o.companyId), SK: sk, ...c })));
  for (const [laneId, n] of laneCounts) await db().send(new UpdateCommand({ TableName: table(), Key: tagKey(o.companyId, laneId), UpdateExpression: 'ADD ticketsCount :n', ExpressionAttributeValues: { ':n': n } }));
  // Ids allocated later by the API continue after the seeded ones.
  for (const entity of ['ticket', 'contact']) {
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.counter(o.companyId, `id#${entity}`), UpdateExpression: 'ADD #v :n', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':n': o.count + first } }));
  }
  return { counts: Object.fromEntries([...counters].map(([k, c]) => [k, c.n])) };
}

/**
 * The seed in a process of its own (the tickets bench): the stack's process then holds none of
 * the seed's objects, nor collects them while the pages are timed. Run with fork(); the options
 * come in one message, and `{ done }` or `{ error }` goes back.
 */
export async function seedInChild(o: Omit<Opts, 'onProgress'>): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
  try {
    await askChild(child, o);
  } finally {
    child.kill();
  }
}

if (process.argv[2] === '--child') {
  process.once('message', (o: Opts) => {
    seedTickets(o).then(
      () => process.send!({ done: true }),
      (err: Error) => process.send!({ error: err.stack ?? String(err) }),
    );
  });
} else if (process.argv[1]?.endsWith('seed-tickets.ts')) {
  const [cid, wid, count] = process.argv.slice(2).map(Number);
  if (!cid || !wid || !count) {
    console.error('usage: seed-tickets.ts <companyId> <whatsappId> <count>');
    process.exit(2);
  }
  const t0 = Date.now();
  await seedTickets({ companyId: cid, whatsappId: wid, count, agents: [1], messages: true, onProgress: (n) => n % 10_000 === 0 && console.log(`${n} tickets`) });
  console.log(`seeded ${count} tickets in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
