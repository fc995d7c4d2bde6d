/**
 * The dashboard after a known sequence of transitions (spec 1 §2 "Dashboard"): the numbers come
 * from the counters and day stats written with each transition, and the message totals the table's
 * stream adds.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { localDay } from '../../functions/src/adapters/db/day-stats';
import { ticketKey } from '../../functions/src/adapters/db/tickets';
import { inbox } from './tickets-helpers';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('dashboard', () => {
  it('counts tickets in service, waiting and finished, times, messages, leads and tickets per agent, day and hour', async () => {
    const x = await inbox();
    const [t1, t2, t3] = [await x.customer({ queueId: 1 }), await x.customer({ queueId: 1 }), await x.customer({ queueId: 2 })];
    // Known waiting times: t1 queued 10 minutes ago, t2 20 minutes ago.
    for (const [t, m] of [[t1, 10], [t2, 20]] as const) {
      await db().send(new UpdateCommand({ TableName: table(), Key: ticketKey(x.companyId, t.id), UpdateExpression: 'SET queuedAt = :q', ExpressionAttributeValues: { ':q': minutesAgo(m) } }));
    }
    expect((await x.a1.client.call('PUT', `/tickets/${t1.id}`, { body: { status: 'open' } })).status).toBe(200);
    expect((await x.a2.client.call('PUT', `/tickets/${t2.id}`, { body: { status: 'open' } })).status).toBe(200);
    // t1 handled for 30 minutes, then closed.
    await db().send(new UpdateCommand({ TableName: table(), Key: ticketKey(x.companyId, t1.id), UpdateExpression: 'SET acceptedAt = :a', ExpressionAttributeValues: { ':a': minutesAgo(30) } }));
    expect((await x.a1.client.call('PUT', `/tickets/${t1.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    expect((await x.a2.client.call('POST', `/messages/${t2.id}`, { body: { body: 'Já vejo isso' } })).status).toBe(201);

    const today = localDay(new Date()).day;
    // The message totals come from the table's stream (workers/message-totals.ts): counted within moments.
    await expect
      .poll(async () => (await x.admin.call('GET', `/dashboard?date_from=${today}&date_to=${today}`)).body.counters, { timeout: 20_000, interval: 250 })
      .toMatchObject({ totalReceivedMessages: 3, totalSentMessages: 1 });
    const dash = await x.admin.call('GET', `/dashboard?date_from=${today}&date_to=${today}`);
    expect(dash.status).toBe(200);
    expect(dash.body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 1, totalReceivedMessages: 3, totalSentMessages: 1, leads: 3 });
    expect(dash.body.counters.avgWaitTime).toBeCloseTo(15, 0);
    expect(dash.body.counters.avgSupportTime).toBeCloseTo(30, 0);
    const byName = Object.fromEntries(dash.body.attendants.map((a: { name: string }) => [a.name, a]));
    expect(byName['Ana Vendas']).toMatchObject({ tickets: 1, online: expect.any(Boolean) });
    expect(byName['Ana Vendas'].avgSupportTime).toBeCloseTo(30, 0);
    expect(byName['Beto Vendas']).toMatchObject({ tickets: 1, avgSupportTime: 0 });
    expect(byName['Carla Suporte']).toMatchObject({ tickets: 0 });
    // The default range is the current day.
    expect((await x.admin.call('GET', '/dashboard')).body.counters).toEqual(dash.body.counters);
    // A range without activity: only the live counts remain.
    const past = await x.admin.call('GET', '/dashboard?date_from=2020-01-01&date_to=2020-01-31');
    expect(past.body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 0, totalReceivedMessages: 0, leads: 0 });

    const users = await x.admin.call('GET', `/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`);
    expect(users.body.data.map((d: { name: string; quantidade: number }) => [d.name, d.quantidade]).sort()).toEqual([['Ana Vendas', 1], ['Beto Vendas', 1]]);
    const hours = await x.admin.call('GET', `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`);
    expect(hours.body.count).toBe(3);
    expect(hours.body.data.every((d: { horario: string }) => /^\d{2}$/.test(d.horario))).toBe(true);
    const week = await x.admin.call('GET', `/dashboard/ticketsDay?initialDate=2020-01-01&finalDate=${today}`);
    expect(week.status).toBe(400);
    const days = await x.admin.call('GET', `/dashboard/ticketsDay?finalDate=${today}&initialDate=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}`);
    expect(days.body.data).toEqual([{ date: today, total: 3 }]);
    // Agents have no dashboard.
    expect((await x.a1.client.call('GET', '/dashboard')).status).toBe(403);
    void t3;
  });
});
