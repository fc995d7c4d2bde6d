/**
 * The flow executor (BEHAVIOUR.md "Flows"): one event on a ticket's flow — a start, the customer's
 * answer, a wake — through the pure runner (runner.ts), then its actions, then one conditional
 * write of the new state (adapters/db/ticket-flow.ts).
 *
 * Like the queue bot's turn (bot/run-bot.ts), the actions go out first and the state is written
 * last: every message has an idempotency key derived from the event (`<inbound message id>:flow<n>`,
 * `wake:<ticket>:<token>:flow<n>`), so a redelivered event repeats no message, and the write is
 * conditioned on the `seq` read, so two deliveries never both move the flow. The randomizer draws
 * from a source seeded by the event, so a repeat takes the same branch.
 *
 * The http node: the runner waits on `http`; the request goes out here through the guarded client
 * and its result is fed back at once, in the same step (one write).
 */
import { variableValues } from '@conversa/shared/message-variables';
import type { FlowState } from '@conversa/shared/schemas/flows';
import { isSessionChannel, chatGroupId, type OutboundJob } from '@conversa/shared/channels';
import type { Connection } from '../../adapters/db/connections';
import { getContact, updateContact, type Contact, type ContactChanges } from '../../adapters/db/contacts';
import { getFlowGraph, recordFlowError } from '../../adapters/db/flows';
import { getQueue } from '../../adapters/db/queues';
import { getTags } from '../../adapters/db/tags';
import { writeFlowState } from '../../adapters/db/ticket-flow';
import { getTicket, transitionTicket, type StoredTicket, type Ticket } from '../../adapters/db/tickets';
import { allUsers, getUser } from '../../adapters/db/users';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';
import { headMedia } from '../../adapters/media';
import { AppError } from '../../lib/app-error';
import { guardedRequest, HttpFailed } from '../../lib/guarded-fetch';
import { log } from '../../lib/log';
import { seededRandom } from '../campaigns/plan';
import { contactUpdated } from '../contacts/contact-events';
import { sendSystemMessage, type Media } from '../messages/deliver';
import { mediaTypeOf } from '../messages/upload-media';
import { randomOnlineAgent } from '../bot/routing';
import { ticketChanged } from '../tickets/ticket-events';
import { closedStats } from '../tickets/ticket-stats';
import { settleLane, MAX_TICKET_TAGS } from '../tickets/ticket-tags';
import { toTicketView } from '../tickets/ticket-view';
import { advance, type Advance, type FlowAction, type FlowContext, type FlowEvent, type HttpCall } from './runner';

/** Where a company's flow files live (the flow builder's uploads store them there, by name). */
export const flowFileKey = (companyId: number, name: string): string => `companies/${companyId}/flows/${name}`;

const MIMETYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', ogg: 'audio/ogg', opus: 'audio/ogg', mp3: 'audio/mpeg', mp4: 'video/mp4', pdf: 'application/pdf' };

export type FlowStep = {
  ticket: StoredTicket;
  connection: Connection;
  contact: Contact;
  event: FlowEvent;
  /** Derives the step's idempotency keys and its random source. */
  key: string;
  /** When the step's messages are dated (the inbound message's time, for the chat's order). */
  at: Date;
  /** The inbound message the step takes. */
  handled?: string;
};

/** Which of {{queue}} / {{agent}} a flow version's texts use (case and spaces as renderVariables allows), once per version read. */
const usesOf = new WeakMap<object, { queue: boolean; agent: boolean }>();
function uses(graph: object): { queue: boolean; agent: boolean } {
  let u = usesOf.get(graph);
  if (!u) {
    const text = JSON.stringify(graph);
    u = { queue: /\{\{\s*queue\s*\}\}/i.test(text), agent: /\{\{\s*agent\s*\}\}/i.test(text) };
    usesOf.set(graph, u);
  }
  return u;
}

/**
 * The context the runner reads: message variables (the ticket's queue and agent names read only
 * when the flow's texts use {{queue}} / {{agent}}), the ticket's tags (only when a condition asks),
 * the seeded draw.
 */
async function contextFor(s: FlowStep, graph: object, needsTags: boolean): Promise<FlowContext> {
  const cid = s.ticket.companyId;
  const wanted = uses(graph);
  const [queue, agent] = await Promise.all([
    s.ticket.queueId !== null && wanted.queue ? getQueue(cid, s.ticket.queueId) : undefined,
    s.ticket.userId !== null && wanted.agent ? getUser(cid, s.ticket.userId) : undefined,
  ]);
  const values = variableValues({ contactName: s.contact.name, agentName: agent?.name ?? '', queueName: queue?.name, ticketId: s.ticket.id, ticketCreatedAt: s.ticket.createdAt, connectionName: s.connection.name });
  const messageVariables = Object.fromEntries(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  const tags = needsTags && s.ticket.tagIds?.length ? await getTags(s.ticket.companyId, s.ticket.tagIds) : [];
  return { messageVariables, ticketTags: tags.map((t) => ({ id: t.id, name: t.name })), random: seededRandom(s.key) };
}

/** The outcome of a step: the state written (undefined when another step came first) and whether it ran. */
export type StepOutcome = { ran: boolean; state: FlowState | null; ticket?: StoredTicket };

/**
 * Runs one event on the ticket's flow (the one in its state, or the one the start names) and
 * writes the state. `ran` false: the flow's version is gone, or another step moved the state first.
 */
export async function stepFlow(s: FlowStep): Promise<StepOutcome> {
  const cid = s.ticket.companyId;
  const expected = s.ticket.flowState ?? null;
  const ref = s.event.kind === 'start' ? { flowId: s.event.flowId, version: s.event.version } : expected;
  if (!ref) return { ran: false, state: null };
  const graph = await getFlowGraph(cid, ref.flowId, ref.version);
  if (!graph) {
    log.warn('flow: version not found; the flow ends', { companyId: cid, ticketId: s.ticket.id, flowId: ref.flowId, version: ref.version });
    const written = expected ? await writeFlowState(cid, s.ticket.id, { expected, next: null, handled: s.handled }) : undefined;
    return { ran: Boolean(written), state: null, ticket: written };
  }
  const ctx = await contextFor(s, graph, graph.nodes.some((n) => n.type === 'condition' && n.data.key.includes('ticketTag')));
  const acts = new Actions(s);
  let step: Advance = advance(graph, expected, s.event, ctx);
  let error = step.error;
  for (;;) {
    const http = await acts.run(step.actions);
    if (!http || !step.state || step.state.waiting !== 'http') break;
    const result = await callOut(cid, http);
    step = advance(graph, step.state, { kind: 'httpResult', ...result }, ctx);
    error ??= step.error;
  }
  if (error) {
    log.warn('flow stopped on an error', { companyId: cid, ticketId: s.ticket.id, flowId: ref.flowId, error });
    await recordFlowError(cid, ref.flowId, error, new Date().toISOString());
  }
  const written = await writeFlowState(cid, s.ticket.id, { expected, next: step.state, handled: s.handled });
  if (!written) log.info('flow: the state changed meanwhile; this step is not kept', { companyId: cid, ticketId: s.ticket.id });
  else if ((expected?.nodeId ?? null) !== (step.state?.nodeId ?? null) || (expected?.flowId ?? null) !== (step.state?.flowId ?? null)) {
    // The agents see which flow and node the ticket is at (TicketView.flow): live, as it moves and when it ends.
    await ticketChanged('ticket.updated', undefined, written, 'bot', async () => ({ ticket: written, view: await toTicketView(written, s.contact) }));
  }
  return { ran: Boolean(written), state: step.state, ticket: written };
}

/** The http node's request through the guarded client; a refusal, timeout or failure is status 0 (the `error` edge). */
async function callOut(cid: number, r: HttpCall): Promise<{ status: number; json?: unknown; text?: string }> {
  try {
    const res = await guardedRequest({ method: r.method, url: r.url, headers: r.headers, query: r.query, body: r.body });
    return { status: res.status, json: res.json, text: res.text };
  } catch (err) {
    if (err instanceof AppError || err instanceof HttpFailed) {
      log.info('flow: http request refused or failed', { companyId: cid, url: r.url.slice(0, 200), reason: err instanceof HttpFailed ? err.reason : err.code });
      return { status: 0 };
    }
    throw err;
  }
}

/** Carries out a step's actions in order; answers the http request when the list ends on one. */
class Actions {
  private n = 0;
  constructor(private readonly s: FlowStep) {}

  private get cid(): number {
    return this.s.ticket.companyId;
  }

  private nextKey(): { key: string; at: Date } {
    this.n += 1;
    return { key: `${this.s.key}:flow${this.n}`, at: new Date(this.s.at.getTime() + this.n) };
  }

  async run(actions: FlowAction[]): Promise<HttpCall | undefined> {
    for (const a of actions) {
      switch (a.type) {
        case 'text':
          await this.send(a.body);
          break;
        case 'media':
          await this.media(a.kind, a.file, a.record);
          break;
        case 'typing':
          await this.typing();
          break;
        case 'wake':
          await enqueue(QUEUE.flowWakes, { companyId: this.cid, ticketId: this.s.ticket.id, token: a.token, at: new Date(Date.now() + a.seconds * 1000).toISOString() } satisfies WakeJob, { delaySeconds: a.seconds });
          break;
        case 'http':
          return a.request;
        case 'updateContact':
          await this.updateContact(a.fields);
          break;
        case 'tag':
          await this.tag(a.tagId);
          break;
        case 'queue':
          await this.queue(a.queueId, a.userId, a.randomUser, false);
          break;
        case 'human':
          await this.human();
          break;
        case 'close':
          await this.close();
          break;
        case 'end':
          break;
      }
    }
    return undefined;
  }

  private async send(body: string, media?: Media): Promise<void> {
    const { key, at } = this.nextKey();
    await sendSystemMessage(this.s.ticket, body, { media, idempotencyKey: key, at, connection: this.s.connection, contact: this.s.contact });
  }

  /** A flow file of the company's own (its name checked by the schema: no path), sent with its type. */
  private async media(kind: string, file: string, record: boolean): Promise<void> {
    const mediaKey = flowFileKey(this.cid, file);
    const stored = await headMedia(mediaKey);
    const mimetype = MIMETYPES[file.split('.').pop()!.toLowerCase()] ?? stored?.contentType;
    if (!stored || !mimetype) {
      log.warn('flow: file missing, not sent', { companyId: this.cid, ticketId: this.s.ticket.id, kind, file });
      this.n += 1;
      return;
    }
    const mediaType = mediaTypeOf(mimetype);
    // The audio's 'Enviar como audio gravado na hora' flag: a voice note, or an audio file.
    await this.send('', { mediaType, mediaKey, mimetype, filename: file, ...(mediaType === 'audio' ? { voiceNote: record } : {}) });
  }

  /** "typing…" on the session channels (the next text ends it). */
  private async typing(): Promise<void> {
    const { connection, contact, ticket } = this.s;
    if (!isSessionChannel(connection.channel)) return;
    const { key } = this.nextKey();
    const job: OutboundJob = { companyId: this.cid, whatsappId: connection.id, ticketId: ticket.id, messageId: `presence-${key}`.slice(0, 100), chatId: contact.number, isGroup: contact.isGroup, action: 'presence', body: 'composing', isForwarded: false };
    await enqueue(QUEUE.outboundSession, job, { groupId: chatGroupId(this.cid, connection.id, contact.number), dedupId: `presence:${key}` });
  }

  private async updateContact(fields: Partial<Record<'name' | 'email' | 'zipCode' | 'address' | 'bussinesName', string>>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const prev = await getContact(this.cid, this.s.contact.id, true);
      if (!prev) return;
      const changes: ContactChanges = {};
      if (fields.name) changes.name = fields.name.slice(0, 200);
      if (fields.email) changes.email = fields.email.slice(0, 200);
      if (fields.bussinesName) changes.empresa = fields.bussinesName.slice(0, 200);
      const extra = [...(prev.extraInfo ?? [])];
      for (const [name, value] of [['CEP', fields.zipCode], ['Endereço', fields.address]] as const) {
        if (!value) continue;
        const at = extra.findIndex((e) => e.name === name);
        if (at >= 0) extra[at] = { ...extra[at]!, value };
        else extra.push({ id: String(extra.length + 1), name, value });
      }
      if (fields.zipCode || fields.address) changes.extraInfo = extra;
      const out = await updateContact(prev, changes);
      if (out && out !== 'taken') {
        this.s.contact = out;
        await contactUpdated(out);
        return;
      }
    }
    log.warn('flow: contact not updated (it kept changing)', { companyId: this.cid, contactId: this.s.contact.id });
  }

  /** Moves the ticket (read fresh, with its revision) by `change`; retried when an agent's write came in between. */
  private async transition(change: (t: StoredTicket) => { after: Ticket; close?: boolean } | undefined): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = (await getTicket(this.cid, this.s.ticket.id)) as StoredTicket | undefined;
      if (!before) return;
      const planned = change(before);
      if (!planned) return;
      const now = new Date().toISOString();
      const opts = planned.close ? { lock: { kind: 'release' as const, closedAt: now }, extra: closedStats(before, now).txItems() } : { relist: before.status !== planned.after.status };
      const outcome = await transitionTicket(before, planned.after, opts);
      if (outcome === 'ok') {
        const fresh = ((await getTicket(this.cid, before.id)) as StoredTicket | undefined) ?? (planned.after as StoredTicket);
        this.s.ticket = fresh;
        const contact = this.s.contact;
        await ticketChanged(planned.close ? 'ticket.closed' : 'ticket.updated', before, fresh, 'bot', async () => ({ ticket: fresh, view: await toTicketView(fresh, contact) }));
        return;
      }
    }
    log.warn('flow: ticket not moved (it kept changing)', { companyId: this.cid, ticketId: this.s.ticket.id });
  }

  /** Adds one of the company's tags to the ticket (a tag of another company is no tag here). */
  private async tag(tagId: number): Promise<void> {
    const [tag] = await getTags(this.cid, [tagId]);
    if (!tag) {
      log.warn('flow: tag not found', { companyId: this.cid, tagId });
      return;
    }
    await this.transition((t) => {
      const current = t.tagIds ?? [];
      if (current.includes(tagId) || current.length >= MAX_TICKET_TAGS) return undefined;
      const wanted = [...current, tagId];
      const { tagIds, laneId } = settleLane(wanted, new Map([[tagId, tag]]), t.laneId);
      return { after: { ...t, tagIds, laneId } };
    });
  }

  /** Sets the ticket's queue (the company's), pending, with a user of the company or a random online agent of the queue. */
  private async queue(queueId: number, userId: number | null, randomUser: boolean, forHuman: boolean): Promise<void> {
    if (!(await getQueue(this.cid, queueId))) {
      log.warn('flow: queue not found', { companyId: this.cid, queueId });
      return;
    }
    let user: number | null = null;
    if (userId !== null && (await allUsers(this.cid)).some((u) => u.id === userId)) user = userId;
    else if (randomUser) user = (await randomOnlineAgent(this.cid, queueId)) ?? null;
    await this.transition((t) => ({ after: { ...t, queueId, userId: user, status: 'pending', isBot: forHuman ? false : t.isBot, botState: { queueId, optionId: null, at: new Date().toISOString() } } }));
  }

  /** Menu answered wrongly three times: pending to the connection's queue (its first), for a person. */
  private async human(): Promise<void> {
    const queueId = this.s.connection.queueIds[0] ?? this.s.ticket.queueId;
    if (queueId !== null && queueId !== undefined) return this.queue(queueId, null, false, true);
    await this.transition((t) => ({ after: { ...t, status: 'pending', userId: null, isBot: false } }));
  }

  /** Resolved without farewell. */
  private async close(): Promise<void> {
    await this.transition((t) => {
      if (t.status === 'closed') return undefined;
      const now = new Date().toISOString();
      return { after: { ...t, status: 'closed', closedAt: now, updatedAt: now, sortedAt: now, unreadMessages: 0 }, close: true };
    });
  }
}

/** A flow-wakes message (workers/flow-wakes.ts): `at`, when it is due, dates the messages it sends (the same ids on a repeat). */
export type WakeJob = { companyId: number; ticketId: number; token: string; at: string };
