/** Set-up shared by the tickets tests: a company with two queues, agents in each, customers writing in. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { tagKey } from '../../functions/src/adapters/db/tags';
import { PASSWORD, newCompany, signedIn, unique, type Client } from '../support/api';
import { runInbound, text } from '../support/inbound';

/** Queues and tags have no screens yet (later issues): written straight into their partitions. */
export async function seedQueue(cid: number, id: number, name: string, color: string): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.queue(cid, id), entity: 'queue', id, companyId: cid, name, color } }));
}
export async function seedTag(cid: number, id: number, name: string, color: string): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...tagKey(cid, id), entity: 'tag', id, companyId: cid, name, color, kanban: 0 } }));
}

export async function agent(admin: Client, name: string, queueIds: number[], extra: Record<string, unknown> = {}): Promise<{ client: Client; id: number }> {
  const email = `${unique('ag')}@example.test`;
  const made = await admin.call('POST', '/users', { body: { name, email, password: PASSWORD, queueIds, ...extra } });
  if (made.status !== 201) throw new Error(`agent not created: ${JSON.stringify(made.body)}`);
  return { client: await signedIn(email), id: made.body.id };
}

export type Inbox = Awaited<ReturnType<typeof inbox>>;

/** A company with queues 1 (Vendas) and 2 (Suporte), a sandbox connection, agents a1, a2 (queue 1) and b (queue 2). */
export async function inbox() {
  const { admin, companyId } = await newCompany();
  await seedQueue(companyId, 1, 'Vendas', '#ff0000');
  await seedQueue(companyId, 2, 'Suporte', '#00ff00');
  const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox', isDefault: true } })).body;
  const [a1, a2, b] = [await agent(admin, 'Ana Vendas', [1]), await agent(admin, 'Beto Vendas', [1]), await agent(admin, 'Carla Suporte', [2])];
  const me = (await admin.call('GET', '/auth/me')).body;
  let n = 0;
  /** A customer writes; the ticket (pending) is answered, moved to a queue by the admin when asked. */
  const customer = async (opts: { queueId?: number; name?: string; body?: string; isGroup?: boolean } = {}) => {
    const from = `55119${String(Date.now() % 100000).padStart(5, '0')}${String(++n).padStart(3, '0')}`;
    await runInbound([text(companyId, conn.id, from, opts.body ?? 'Olá, preciso de ajuda', { contactName: opts.name ?? `Cliente ${n}`, ...(opts.isGroup ? { isGroup: true, participant: { id: '5511900000000', name: 'Membro' } } : {}) })]);
    const list = await admin.call('GET', `/tickets?status=pending&showAll=true${opts.isGroup ? '&isGroup=true' : ''}&limit=100`);
    const t = list.body.tickets.find((x: { contact: { number: string } }) => x.contact.number === from);
    if (!t) throw new Error(`ticket of ${from} not listed: ${JSON.stringify(list.body)}`);
    if (opts.queueId) {
      const moved = await admin.call('PUT', `/tickets/${t.id}`, { body: { queueId: opts.queueId } });
      if (moved.status !== 200) throw new Error(`queue not set: ${JSON.stringify(moved.body)}`);
      return moved.body as { id: number; uuid: string; contactId: number; status: string; queueId: number | null };
    }
    return t as { id: number; uuid: string; contactId: number; status: string; queueId: number | null };
  };
  return { admin, companyId, conn, a1, a2, b, adminId: me.id as number, customer };
}
