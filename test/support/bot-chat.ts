/**
 * Conversations with the bot through the sandbox phone: a company with a paired sandbox
 * connection, queues made through the API, and customers who write (POST /sandbox/{id}/inbound,
 * or the inbound worker in-process when a test needs the message's time) and read what their
 * phone received (GET /sandbox/{id}/outbox), exactly.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { InboundEnvelope } from '../../shared/src/channels';
import { findExternalRef } from '../../functions/src/adapters/db/messages';
import { newCompany, type Client } from './api';
import { runInbound, text } from './inbound';
import { queryPartition } from './db';
import { pairSandbox, sandboxOutbox, until } from './sandbox';

export type OutboxItem = { externalId: string; to: string; body: string; mediaType?: string; mediaKey?: string; mimetype?: string; filename?: string; voiceNote?: boolean };

export const color = (): string => `#${randomUUID().replace(/-/g, '').slice(0, 6)}`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh company with a paired sandbox connection (its texts as given). */
export async function botCompany(conn: Record<string, unknown> = {}): Promise<{ admin: Client; companyId: number; wid: number }> {
  const { admin, companyId } = await newCompany();
  const made = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Bot', channel: 'sandbox', ...conn } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await pairSandbox(admin, made.body.id);
  return { admin, companyId, wid: made.body.id };
}

export type QueueMade = { id: number; name: string; chatbots: { id: number; name: string; options: { id: number; name: string }[] }[] };

export async function makeQueue(admin: Client, body: Record<string, unknown>): Promise<QueueMade> {
  const res = await admin.call('POST', '/queue', { body: { color: color(), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function setConnection(admin: Client, wid: number, body: Record<string, unknown>): Promise<void> {
  const res = await admin.call('PUT', `/whatsapp/${wid}`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function setSetting(admin: Client, key: string, value: string): Promise<void> {
  const res = await admin.call('PUT', `/settings/${key}`, { body: { value } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Endings the sandbox plays a rule on: no account (000), a banned account (403), rate-limited (429). */
const SANDBOX_RULE = /(000|403|429)$/;

/**
 * A fresh customer's number: `prefix`, the last `digits` digits of the clock, then `seq` in two
 * digits — never one the sandbox plays a rule on (the digit before `seq` moved off it when it would be).
 */
export function customerNumber(prefix: string, digits: number, seq: number): string {
  const n = `${prefix}${String(Date.now()).slice(-digits)}${String(seq).padStart(2, '0')}`;
  return SANDBOX_RULE.test(n) ? `${n.slice(0, -3)}7${n.slice(-2)}` : n;
}

/** A customer on the sandbox phone of a connection. */
export class Customer {
  private seen = 0;
  private n = 0;
  readonly ids: string[] = [];

  constructor(
    readonly admin: Client,
    readonly companyId: number,
    readonly wid: number,
    readonly number: string,
    readonly name = 'Cliente Teste',
  ) {
    // Such a number would meet the sandbox's rule instead of the bot (its replies refused as banned…).
    if (SANDBOX_RULE.test(number)) throw new Error(`${number}: the sandbox plays a rule on this ending; use customerNumber()`);
  }

  private async outbox(): Promise<OutboxItem[]> {
    return ((await sandboxOutbox(this.admin, this.wid)) as OutboxItem[]).filter((i) => i.to === this.number);
  }

  /** Writes on the phone (a played message; the id names it: the same id twice is a redelivery). */
  async say(body: string, extra: Record<string, unknown> = {}): Promise<string> {
    const id = (extra.id as string | undefined) ?? `BOT${this.number.slice(-4)}M${++this.n}${randomUUID().slice(0, 6)}`;
    const res = await this.admin.call('POST', `/sandbox/${this.wid}/inbound`, { body: { from: this.number, name: this.name, body, ...extra, id } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    this.ids.push(id);
    return id;
  }

  /** A message through the inbound worker in-process (its time chosen: working-hours tests); answers the envelope. */
  async deliver(body: string, over: Partial<Extract<InboundEnvelope, { kind: 'message' }>> = {}): Promise<Extract<InboundEnvelope, { kind: 'message' }>> {
    const env = text(this.companyId, this.wid, this.number, body, { contactName: this.name, ...over }) as Extract<InboundEnvelope, { kind: 'message' }>;
    const out = await runInbound([env]);
    expect(out.batchItemFailures).toEqual([]);
    this.ids.push(env.externalId);
    return env;
  }

  /** Waits for the message to be stored by the pipeline. */
  stored(id: string): Promise<{ ticketId: number; messageId: string }> {
    return until(`message ${id} stored`, () => findExternalRef(this.companyId, this.wid, id));
  }

  /**
   * The next `count` texts the phone received, after making sure no more arrive for a moment
   * (a duplicate would show); files come as `[file <name>]`, voice notes as `[voice <name>]`.
   */
  async next(count: number, quietMs = 1500): Promise<string[]> {
    try {
      await until(`${count} new message(s) to ${this.number}`, async () => (await this.outbox()).length >= this.seen + count, 30_000);
    } catch {
      // Slower than a customer would wait: the failure says where the pipeline holds the message.
      throw new Error(`timed out waiting for ${count} new message(s) to ${this.number}: ${await this.whereIsIt()}`);
    }
    await sleep(quietMs);
    const all = await this.outbox();
    const fresh = all.slice(this.seen).map((i) => (i.mediaKey ? `[${i.voiceNote ? 'voice' : 'file'} ${i.filename}]${i.body ? ` ${i.body}` : ''}` : i.body));
    this.seen = all.length;
    return fresh;
  }

  /** The last message's fate, for a failure message: stored or not, and its ticket's position. */
  private async whereIsIt(): Promise<string> {
    const last = this.ids[this.ids.length - 1];
    if (!last) return 'nothing said yet';
    const ref = await findExternalRef(this.companyId, this.wid, last).catch(() => undefined);
    if (!ref) return `message ${last} not stored yet`;
    const ticket = (await queryPartition(`C#${this.companyId}#TICKETS`)).find((t) => t.id === ref.ticketId);
    const pick = ticket && { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId, isBot: ticket.isBot, botState: ticket.botState, flowState: ticket.flowState?.nodeId, flowHandled: ticket.flowHandled };
    // The ticket's own messages (the bot's replies): stored? sent (externalId), failed (error), or claimed by a sender?
    const replies = (await queryPartition(`C#${this.companyId}#MSGS#${ref.ticketId}`))
      .filter((m) => m.fromMe)
      .map((m) => ({ id: m.id, body: String(m.body).slice(0, 40), ack: m.ack, externalId: m.externalId, error: m.error, sendClaim: m.sendClaim }));
    // The phone's last items, whoever they went to (a number written otherwise would show here).
    const phone = await sandboxOutbox(this.admin, this.wid);
    const tail = phone.slice(-4).map((i) => `${i.to}: ${i.body.slice(0, 30)}`);
    return `message ${last} stored as ${ref.messageId} on ticket ${ref.ticketId} ${JSON.stringify(pick)}; its replies ${JSON.stringify(replies)}; outbox had ${this.seen} before, ${phone.length} in all, last ${JSON.stringify(tail)}`;
  }

  /** Nothing reached the phone after the customer's last message was stored. */
  async nothing(quietMs = 2000): Promise<void> {
    await this.stored(this.ids[this.ids.length - 1]!);
    await sleep(quietMs);
    expect((await this.outbox()).slice(this.seen).map((i) => i.body)).toEqual([]);
  }
}
