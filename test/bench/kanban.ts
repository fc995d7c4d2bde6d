/**
 * The kanban board (spec 3 "Campaign kanban board", §4): DynamoDB units per board page (the first
 * page of 'Em aberto' and 3 lanes holding 2,000 open tickets), per lane page (a cursor's next 20),
 * per card move (without a campaign; into a lane with one: the contact's schedules read, one
 * created; into another campaign's lane, replacing it; back to 'Em aberto', clearing it) and per
 * scheduled lane send (the sender's check that the ticket is still in the lane included).
 * A fresh company: 2,000 seeded open tickets in the lanes, and 20 customers' tickets from the
 * inbound worker (their locks are what the sender's lane check reads).
 */
import { authenticate } from '../../functions/src/domain/auth/authenticate';
import { getSchedule } from '../../functions/src/adapters/db/schedules';
import { runSchedule } from '../../functions/src/domain/schedules/send-schedules';
import { runInbound, text } from '../support/inbound';
import { putLane } from '../support/lanes';
import { benchCompany } from './company';
import { seedTickets } from './seed-tickets';

type Units = { read: number; write: number; calls: number };

export async function benchKanban(url: string, takeUnits: () => Units, count = 2_000): Promise<string[]> {
  const { api, cid, auth, whatsappId } = await benchCompany(url, 'Bench Kanban');
  const me = await authenticate(auth.authorization);
  const [withCampaign, without, other] = [1, 2, 3];
  await putLane(cid, withCampaign, 'Proposta', { msgR: 'Sua proposta está pronta.' });
  await putLane(cid, without, 'Negociação');
  await putLane(cid, other, 'Contrato', { msgR: 'Seu contrato aguarda assinatura.' });
  await seedTickets({ companyId: cid, whatsappId, count, agents: [me.userId], status: 'open', lanes: [withCampaign, without, other] });

  const f = (x: number, d = 2) => x.toFixed(d);
  const lines = ['', `Kanban (${count} open tickets in 3 lanes, 20 cards a lane page; DynamoDB units per operation)`, ''];
  lines.push(['operation'.padEnd(66), 'n'.padStart(4), 'RCU'.padStart(7), 'WCU'.padStart(7), 'calls'.padStart(6)].join(' '));
  const row = (op: string, n: number, u: Units) => lines.push([op.padEnd(66), String(n).padStart(4), f(u.read / n).padStart(7), f(u.write / n).padStart(7), f(u.calls / n, 1).padStart(6)].join(' '));
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };

  const board = await call('GET', '/ticket/kanban'); // warm the handler and the caches
  takeUnits();
  for (let i = 0; i < 20; i++) await call('GET', '/ticket/kanban');
  row('GET /ticket/kanban (the board: 4 lanes, 60 cards)', 20, takeUnits());
  const cursor = board.lanes.find((l: { laneId: number }) => l.laneId === withCampaign).cursor as string;
  for (let i = 0; i < 20; i++) await call('GET', `/ticket/kanban?laneId=${withCampaign}&cursor=${cursor}`);
  row('GET /ticket/kanban?laneId=&cursor= (a lane page, 20 cards)', 20, takeUnits());

  // Seeded tickets of the third lane (ids 3, 6, …) into the lane without a campaign.
  for (let i = 1; i <= 20; i++) await call('POST', `/ticket/kanban/${3 * i}/move`, { laneId: without });
  row('POST move, into a lane without a campaign', 20, takeUnits());

  const stamp = String(Date.now()).slice(-5);
  await runInbound(Array.from({ length: 20 }, (_, i) => text(cid, whatsappId, `55119${stamp}${String(i).padStart(3, '0')}`, 'Olá, quero uma proposta')));
  const fresh = ((await call('GET', '/tickets?status=pending&showAll=true&limit=100')).tickets as { id: number }[]).map((t) => t.id);
  if (fresh.length !== 20) throw new Error(`expected 20 customers' tickets, got ${fresh.length}`);
  takeUnits();
  const move = (id: number, laneId: number) => call('POST', `/ticket/kanban/${id}/move`, { laneId }) as Promise<{ campaign: { kind: string; scheduleId?: number; sendAt?: string; replaced?: number[] } }>;
  const expectKind = async (id: number, laneId: number, kind: string) => {
    const moved = await move(id, laneId);
    if (moved.campaign.kind !== kind || (kind === 'started' && laneId === other && moved.campaign.replaced?.length !== 1)) throw new Error(`move ${id} → ${laneId}: ${JSON.stringify(moved.campaign)}`);
    return moved.campaign;
  };
  for (const id of fresh) await expectKind(id, withCampaign, 'started');
  row('POST move, into a lane with a campaign (one schedule made)', 20, takeUnits());
  for (const id of fresh) await expectKind(id, withCampaign, 'kept');
  row('POST move, the same lane again (its run pending: kept)', 20, takeUnits());
  const started: { id: number; sendAt: string }[] = [];
  for (const id of fresh) {
    const c = await expectKind(id, other, 'started');
    started.push({ id: c.scheduleId!, sendAt: c.sendAt! });
  }
  row("POST move, into another campaign's lane (one deleted, one made)", 20, takeUnits());

  for (const s of started) if ((await runSchedule({ companyId: cid, scheduleId: s.id, sendAt: s.sendAt }, `bench-${s.id}`)) !== 'sent') throw new Error(`schedule ${s.id} not sent: ${JSON.stringify(await getSchedule(cid, s.id))}`);
  row('a scheduled lane send (the lane check, then the send)', 20, takeUnits());
  for (const id of fresh) await expectKind(id, other, 'none');
  row('POST move, the same lane again (its run sent: nothing starts)', 20, takeUnits());

  for (const id of fresh) await expectKind(id, withCampaign, 'started');
  takeUnits();
  for (const id of fresh) await expectKind(id, 0, 'cleared');
  row("POST move, to 'Em aberto' (one lane schedule deleted)", 20, takeUnits());

  lines.push(
    '',
    'A board page: the lanes (one Query), a page of memberships per lane (filtered for the caller before any ticket is read), one BatchGet of the cards shown.',
    "A move: the ticket, its tags, one transaction (ticket, memberships, tags' counters), the ticket.updated fan-out; a campaign adds the contact's schedules (a Query) and a schedule's write.",
  );
  return lines;
}
