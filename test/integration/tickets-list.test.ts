/**
 * GET /tickets: tabs, visibility (queues, show-all, groups, tickets without queue), filters,
 * cursor pages and the badge counts; tags on tickets; realtime audience of ticket events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../functions/src/adapters/db/day-stats';
import { openSocket } from '../support/socket';
import { inbox, seedTag, type Inbox } from './tickets-helpers';

let x: Inbox;
const ids = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((t) => t.id);

beforeAll(async () => {
  x = await inbox();
}, 60_000);

describe('tickets list', () => {
  it('agents see the pending tickets of their queues and their own; show-all follows allUserChat; counts match', async () => {
    const q1 = await x.customer({ queueId: 1, name: 'Joana Lista' });
    const q2 = await x.customer({ queueId: 2 });
    const none = await x.customer();
    const mine = await x.customer({ queueId: 1 });
    await x.a1.client.call('PUT', `/tickets/${mine.id}`, { body: { status: 'open' } });

    const pending = await x.a1.client.call('GET', '/tickets?status=pending');
    expect(ids(pending)).toContain(q1.id);
    expect(ids(pending)).not.toContain(q2.id);
    expect(ids(pending)).not.toContain(none.id);
    expect(ids(await x.a1.client.call('GET', '/tickets?status=open'))).toEqual([mine.id]);
    expect(ids(await x.a2.client.call('GET', '/tickets?status=open'))).toEqual([]);
    expect(pending.body.counts).toEqual({ open: 1, pending: pending.body.tickets.length, groupOpen: 0, groupPending: 0 });

    // Show-all is refused to agents unless allUserChat is enabled.
    expect(ids(await x.a2.client.call('GET', '/tickets?status=open&showAll=true'))).toEqual([]);
    await x.admin.call('PUT', '/settings/allUserChat', { body: { value: 'enabled' } });
    try {
      expect(ids(await x.a2.client.call('GET', '/tickets?status=open&showAll=true'))).toEqual([mine.id]);
    } finally {
      await x.admin.call('PUT', '/settings/allUserChat', { body: { value: 'disabled' } });
    }
    // Tickets without a queue: per showTicketWithoutQueue; always for admins.
    expect(ids(await x.admin.call('GET', '/tickets?status=pending&showAll=true&limit=100'))).toEqual(expect.arrayContaining([q1.id, q2.id, none.id]));
    await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'enabled' } });
    try {
      expect(ids(await x.a1.client.call('GET', '/tickets?status=pending&limit=100'))).toContain(none.id);
    } finally {
      await x.admin.call('PUT', '/settings/showTicketWithoutQueue', { body: { value: 'disabled' } });
    }
    // A ticket of another queue, opened directly: 'Acesso não permitido'.
    const denied = await x.a1.client.call('GET', `/tickets/${q2.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('groups are listed in the group tab only, and only to agents when showMessageGroups is enabled', async () => {
    await x.admin.call('PUT', `/whatsapp/${x.conn.id}`, { body: { allowGroups: true } });
    const g = await x.customer({ isGroup: true, queueId: 1 });
    expect(ids(await x.admin.call('GET', '/tickets?status=pending&showAll=true&limit=100'))).not.toContain(g.id);
    const groupTab = await x.admin.call('GET', '/tickets?status=pending&isGroup=true&showAll=true');
    expect(ids(groupTab)).toEqual([g.id]);
    expect(groupTab.body.counts.groupPending).toBe(1);
    expect(ids(await x.a1.client.call('GET', '/tickets?status=pending&isGroup=true'))).toEqual([]);
    expect((await x.a1.client.call('GET', '/tickets?status=pending&isGroup=true')).body.counts.groupPending).toBe(0);
    await x.admin.call('PUT', '/settings/showMessageGroups', { body: { value: 'enabled' } });
    try {
      expect(ids(await x.a1.client.call('GET', '/tickets?status=pending&isGroup=true'))).toEqual([g.id]);
    } finally {
      await x.admin.call('PUT', '/settings/showMessageGroups', { body: { value: 'disabled' } });
    }
  });

  it('pages by cursor, newest first, without gaps or repeats, also through filters', async () => {
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await x.customer({ queueId: 2, body: i % 2 ? 'quero um orçamento' : 'bom dia' })).id);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await x.b.client.call('GET', `/tickets?status=pending&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.hasMore ? res.body.cursor : undefined;
      if (pages++ > 0) expect(res.body.counts).toBeUndefined();
    } while (cursor);
    expect(seen.filter((id) => made.includes(id))).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    // The search pages too (the search index, written from the table's stream a moment later).
    const searchAll = async () => {
      const found: number[] = [];
      let at: string | undefined;
      do {
        const res: { status: number; body: any } = await x.b.client.call('GET', `/tickets?status=pending&limit=2&searchParam=${encodeURIComponent('ORÇAMENTO')}${at ? `&cursor=${at}` : ''}`);
        found.push(...ids(res));
        at = res.body.hasMore ? res.body.cursor : undefined;
      } while (at);
      return found;
    };
    await expect.poll(searchAll, { timeout: 15_000, interval: 250 }).toEqual([made[5], made[3], made[1]]);
    expect((await x.b.client.call('GET', '/tickets?status=pending&cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('filters: contact name search, users, queues, unread, tags; the search tab spans statuses', async () => {
    const t = await x.customer({ queueId: 1, name: 'Zeferino Filtro' });
    await expect.poll(async () => ids(await x.admin.call('GET', '/tickets?searchParam=zeferino&showAll=true')), { timeout: 15_000, interval: 250 }).toEqual([t.id]);
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
    expect(ids(await x.admin.call('GET', `/tickets?status=open&showAll=true&users=${x.a1.id}&limit=100`))).toContain(t.id);
    expect(ids(await x.admin.call('GET', `/tickets?status=open&showAll=true&users=[${x.a2.id}]&limit=100`))).not.toContain(t.id);
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&queueIds=2&limit=100'))).not.toContain(t.id);
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&withUnreadMessages=true&limit=100'))).toContain(t.id);
    // updatedAt: the company's day (America/Sao_Paulo), not the UTC one.
    const today = localDay(new Date()).day;
    const yesterday = localDay(new Date(Date.now() - 86_400_000)).day;
    expect(ids(await x.admin.call('GET', `/tickets?status=open&showAll=true&updatedAt=${today}&limit=100`))).toContain(t.id);
    expect(ids(await x.admin.call('GET', `/tickets?status=open&showAll=true&updatedAt=${yesterday}&limit=100`))).not.toContain(t.id);
    // The lists decide queue and user on their entries: a transfer moves the ticket between the queue filters at once.
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&queueIds=1&limit=100'))).toContain(t.id);
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { queueId: 2, userId: x.a1.id } });
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&queueIds=1&limit=100'))).not.toContain(t.id);
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&queueIds=2&limit=100'))).toContain(t.id);
    expect(ids(await x.a1.client.call('GET', '/tickets?status=open&limit=100'))).toContain(t.id);
    await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { queueId: 1, userId: x.a1.id } });
    expect(ids(await x.admin.call('GET', '/tickets?status=open&showAll=true&queueIds=2&limit=100'))).not.toContain(t.id);

    await seedTag(x.companyId, 1, 'VIP', '#gold');
    await seedTag(x.companyId, 2, 'Atraso', '#999999');
    const tagged = await x.a1.client.call('PUT', `/ticket-tags/${t.id}/1`);
    expect(tagged.body.tags).toEqual([{ id: 1, name: 'VIP', color: '#gold' }]);
    expect((await x.a1.client.call('PUT', `/ticket-tags/${t.id}/99`)).body.error).toBe('ERR_NO_TAG_FOUND');
    expect(ids(await x.admin.call('GET', '/tickets?showAll=true&tags=1'))).toEqual([t.id]);
    const synced = await x.a1.client.call('POST', '/tags/sync', { body: { ticketId: t.id, tags: [{ id: 2 }] } });
    expect(synced.body.tags.map((g: { id: number }) => g.id)).toEqual([2]);
    expect(ids(await x.admin.call('GET', '/tickets?showAll=true&tags=1'))).toEqual([]);
    expect((await x.admin.call('GET', '/tags/list')).body.map((g: { name: string }) => g.name).sort()).toEqual(['Atraso', 'VIP']);
    const cleared = await x.a1.client.call('DELETE', `/ticket-tags/${t.id}`);
    expect(cleared.body.tags).toEqual([]);
    // Agents' user filter is their own id.
    expect(ids(await x.a2.client.call('GET', `/tickets?status=open&users=${x.a1.id}`))).toEqual([]);
  });

  it('ticket events go to who may see the ticket; transferring away sends removeFromList', async () => {
    const t = await x.customer({ queueId: 1 });
    const [s1, sB] = [await openSocket(x.a1.client.token!), await openSocket(x.b.client.token!)];
    try {
      await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { status: 'open' } });
      const upd = await s1.waitFor((e) => e.channel === `company-${x.companyId}-ticket` && e.data.action === 'update' && (e.data.ticket as { id: number }).id === t.id);
      expect(upd.data.ticket).toMatchObject({ status: 'open', userId: x.a1.id, contact: { id: t.contactId } });
      await x.a1.client.call('PUT', `/tickets/${t.id}`, { body: { queueId: 2 } });
      await s1.waitFor((e) => e.data.action === 'removeFromList' && e.data.ticketId === t.id);
      await sB.waitFor((e) => e.data.action === 'update' && (e.data.ticket as { id: number; queueId: number }).id === t.id && (e.data.ticket as { queueId: number }).queueId === 2);
      // Agent B never saw the earlier update (queue 1, agent A's ticket).
      expect(sB.events.filter((e) => e.data.action === 'update' && (e.data.ticket as { userId: number | null }).userId === x.a1.id)).toEqual([]);
      await x.admin.call('DELETE', `/tickets/${t.id}`);
      await sB.waitFor((e) => e.data.action === 'delete' && e.data.ticketId === t.id);
    } finally {
      s1.close();
      sB.close();
    }
  });
});
