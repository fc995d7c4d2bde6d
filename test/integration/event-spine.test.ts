/**
 * The event spine (functions/src/domain/events/dispatch.ts) against the local stack: a consumer is
 * one module and one line of registration — here a test's own, added by the test. It hears
 * `message.created` for an inbound message and `ticket.closed` for a close exactly once per write,
 * even when the inbound record or the tick's run comes twice; a consumer that throws fails the
 * record without keeping the event from the others, and the retry reaches only the consumers that
 * asked for redeliveries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@conversa/shared/events';
import { addConsumer, type Consumer } from '../../functions/src/domain/events/dispatch';
import { closeIdleTicketsOf } from '../../functions/src/domain/tickets/auto-close';
import { newCompany } from '../support/api';
import { queryPartition } from '../support/db';
import { runInbound, text } from '../support/inbound';

const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((off) => off()));

/** A test-only consumer: what it heard of one company, in order; `fail`: it throws on each message. */
function listen(companyId: number, opts: { redelivered?: boolean; fail?: boolean } = {}): DomainEvent[] {
  const heard: DomainEvent[] = [];
  const hear = async (e: DomainEvent) => {
    if (e.companyId !== companyId) return;
    heard.push(e);
    if (opts.fail && e.type === 'message.created') throw new Error('consumer down');
  };
  const consumer: Consumer = { name: 'test listener', redelivered: opts.redelivered, on: { 'message.created': hear, 'ticket.created': hear, 'ticket.closed': hear } };
  removals.push(addConsumer(consumer));
  return heard;
}

async function setup() {
  const co = await newCompany();
  const conn = await co.admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } });
  return { ...co, wid: conn.body.id as number };
}

describe('the event spine', () => {
  it('a new consumer hears message.created and ticket.closed once per write, though the record and the tick come twice', async () => {
    const { admin, companyId, wid } = await setup();
    const heard = listen(companyId);
    const first = text(companyId, wid, '5511955501111', 'Olá, preciso de ajuda');
    expect((await runInbound([first])).batchItemFailures).toEqual([]);
    expect((await runInbound([first], 2)).batchItemFailures).toEqual([]);
    // Twice in one batch too (a FIFO group's duplicate behind the first).
    const second = text(companyId, wid, '5511955501111', 'Alguém aí?');
    expect((await runInbound([second, second])).batchItemFailures).toEqual([]);

    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    const messages = await queryPartition(`C#${companyId}#MSGS#${ticket!.id}`);
    expect(messages).toHaveLength(2);
    expect(heard.map((e) => e.type)).toEqual(['ticket.created', 'message.created', 'message.created']);
    expect(heard[0]).toMatchObject({ ticketId: ticket!.id, origin: 'channel', after: { status: 'pending', userId: null } });
    expect(heard.slice(1)).toEqual(
      messages.map((m) => ({ type: 'message.created', companyId, ticketId: ticket!.id, messageId: m.id, contactId: ticket!.contactId, whatsappId: wid, fromMe: false, isGroup: false, source: 'channel', createdAt: m.createdAt })),
    );

    // An agent takes it (in the API's process), then the tick closes it as idle — and runs twice.
    expect((await admin.call('PUT', `/tickets/${ticket!.id}`, { body: { status: 'open' } })).status).toBe(200);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await closeIdleTicketsOf(companyId, 1, later)).toBe(1);
    expect(await closeIdleTicketsOf(companyId, 1, later)).toBe(0);
    const closed = heard.filter((e) => e.type === 'ticket.closed');
    expect(closed).toEqual([
      { type: 'ticket.closed', companyId, ticketId: ticket!.id, origin: 'platform', before: { status: 'open', queueId: null, userId: expect.any(Number), isGroup: false }, after: { status: 'closed', queueId: null, userId: expect.any(Number), isGroup: false } },
    ]);
  });

  it('a consumer that throws fails the record, not the others; the retry reaches only the consumers that take redeliveries', async () => {
    const { companyId, wid } = await setup();
    const once = listen(companyId);
    listen(companyId, { fail: true });
    const again = listen(companyId, { redelivered: true });
    const env = text(companyId, wid, '5511955502222', 'Oi');
    const out = await runInbound([env]);
    expect(out.batchItemFailures).toHaveLength(1);
    // Stored, and heard by the consumers after the one that threw.
    expect(await queryPartition(`C#${companyId}#TICKETS`)).toHaveLength(1);
    expect(once.map((e) => e.type)).toEqual(['ticket.created', 'message.created']);
    expect(again.map((e) => e.type)).toEqual(['ticket.created', 'message.created']);

    // The queue delivers it again: its write is done, so only `again` hears the message once more.
    removals.splice(1, 1)[0]!();
    expect((await runInbound([env], 2)).batchItemFailures).toEqual([]);
    expect(once.map((e) => e.type)).toEqual(['ticket.created', 'message.created']);
    expect(again.map((e) => e.type)).toEqual(['ticket.created', 'message.created', 'message.created']);
    expect(again[2]).toEqual(again[1]);
    const [ticket] = await queryPartition(`C#${companyId}#TICKETS`);
    expect(await queryPartition(`C#${companyId}#MSGS#${ticket!.id}`)).toHaveLength(1);
  });
});
