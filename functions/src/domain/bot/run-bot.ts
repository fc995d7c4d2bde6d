/**
 * The bot at work (BEHAVIOUR.md "Inbound message" steps 8–10), after the worker stored a
 * customer's message: the notices about calls, audio and files not taken, then — on a pending
 * ticket without an agent whose bot is on — working hours, the queue menu and the queues' option
 * trees.
 *
 * One turn per inbound message: the replies go out first, each with an idempotency key and a time
 * derived from the message (deliver.ts stores a repeat under the same id and sends nothing), then
 * the ticket's new position is written once, conditional on the revision read, with the message's
 * id as `botState.handled`. A redelivered record therefore repeats no reply, and one older than the
 * last message the bot acted on changes nothing.
 *
 * Positions (`ticket.botState`): `queueId` null = at the queue menu; `queueId` = the ticket's queue
 * and `optionId` null = at the queue's first-level options; `optionId` = at that option's children.
 * A ticket whose queue the bot has not greeted yet (`botState.queueId` differs) is greeted first.
 */
import { renderVariables } from '@conversa/shared/message-variables';
import type { ChatbotOptionView, ScheduleEntry } from '@conversa/shared/schemas/queues';
import type { SettingKey } from '@conversa/shared/settings';
import type { Connection } from '../../adapters/db/connections';
import type { Contact } from '../../adapters/db/contacts';
import type { Message } from '../../adapters/db/messages';
import { getCompanySchedules, optionViews, queuesWithTrees, type Queue } from '../../adapters/db/queues';
import { recentSettings } from '../../adapters/db/settings';
import { getTicket, transitionTicket, type StoredTicket, type Ticket } from '../../adapters/db/tickets';
import { headMedia } from '../../adapters/media';
import { log } from '../../lib/log';
import { sendSystemMessage, type Media } from '../messages/deliver';
import { mediaTypeOf } from '../messages/upload-media';
import { closedSince, isOpen } from '../queues/working-hours';
import { ticketChanged } from '../tickets/ticket-events';
import { toTicketView } from '../tickets/ticket-view';
import { findOption, hasMessage, menuText, readAnswer, type Back } from './menu';
import { mayEarnNotice, noticeFor } from './notices';
import { pendingInQueue, randomOnlineAgent } from './routing';
import { BOT_TEXTS } from './texts';

export type BotInput = { connection: Connection; contact: Contact; ticket: Ticket; message: Message };

type MenuQueue = { queue: Queue; options: ChatbotOptionView[] };
type Position = { queueId: number | null; optionId: number | null };

/** A flow runs on the ticket, or took this message (it ran before the bot: domain/flows/flow-consumer.ts). */
const flowHas = (t: Ticket, m: Message): boolean => Boolean(t.flowState) || (t.flowHandled ?? '') >= m.id;

/** The bot answers pending tickets nobody has taken, with the bot on, of contacts that allow it. */
const botAnswers = (t: Ticket, contact: Contact): boolean => t.isBot && t.status === 'pending' && t.userId === null && !t.isGroup && !contact.disableBot;

/** Replies to one message: keys `<message id>:<tag>`, times just after the message (in order). */
class Replies {
  private n = 0;
  constructor(private readonly input: BotInput) {}

  async say(ticket: Ticket, body: string, opts: { media?: Media; queueName?: string } = {}): Promise<void> {
    const { connection, contact, message } = this.input;
    if (!body.trim() && !opts.media) return;
    this.n += 1;
    const text = renderVariables(body, { contactName: contact.name, agentName: '', ticketId: ticket.id, ticketCreatedAt: ticket.createdAt, queueName: opts.queueName, connectionName: connection.name });
    await sendSystemMessage(ticket, text, { media: opts.media, idempotencyKey: `${message.id}:bot${this.n}`, at: new Date(Date.parse(message.createdAt) + this.n), connection, contact });
  }
}

/** One turn of the menus on a ticket the bot answers. */
class Turn {
  private readonly changes: Partial<Ticket> = {};
  private position: Position;
  private moved = false;
  private readonly replies: Replies;
  private readonly byId: Map<number, MenuQueue>;
  /** The connection's queues, in menu order. */
  private readonly queues: MenuQueue[];

  constructor(
    private readonly input: BotInput,
    private readonly ticket: StoredTicket,
    private readonly settings: Record<SettingKey, string>,
    all: MenuQueue[],
  ) {
    this.replies = new Replies(input);
    this.byId = new Map(all.map((q) => [q.queue.id, q]));
    this.queues = all.filter((q) => input.connection.queueIds.includes(q.queue.id));
    this.position = { queueId: ticket.botState?.queueId ?? null, optionId: ticket.botState?.optionId ?? null };
  }

  private get at(): Date {
    return new Date(this.input.message.createdAt);
  }

  private get many(): boolean {
    return this.queues.length > 1;
  }

  private say(body: string, q?: MenuQueue, media?: Media): Promise<void> {
    return this.replies.say(this.ticket, body, { media, queueName: q?.queue.name });
  }

  private moveTo(p: Position): void {
    this.position = p;
    this.moved = true;
  }

  async play(): Promise<void> {
    const t = this.ticket;
    const current = t.queueId === null ? undefined : this.byId.get(t.queueId);
    if (this.settings.scheduleType === 'company' && (await this.closed(await getCompanySchedules(t.companyId), current))) return;
    if (t.queueId === null) return this.queueMenu();
    // A queue deleted under the ticket: nothing to offer; an agent will see the ticket.
    if (!current) return;
    if (t.botState?.queueId !== t.queueId) return this.enter(current, { greet: this.many || this.settings.sendGreetingMessageOneQueues === 'enabled' });
    if (this.settings.scheduleType === 'queue' && (await this.closed(current.queue.schedules, current))) return;
    return this.inQueue(current);
  }

  /**
   * Out of hours: the out-of-hours message (the queue's, else the connection's) once per closed
   * window — `outOfHoursSentAt` before the window began means not yet — and the bot says nothing
   * else. Answers whether it is closed.
   */
  private async closed(schedules: ScheduleEntry[], q: MenuQueue | undefined): Promise<boolean> {
    if (isOpen(schedules, this.at)) return false;
    const since = closedSince(schedules, this.at)!;
    const sent = this.ticket.outOfHoursSentAt;
    if (!sent || Date.parse(sent) < since.getTime()) {
      const text = q?.queue.outOfHoursMessage.trim() || this.input.connection.outOfHoursMessage.trim();
      if (text) {
        await this.say(text, q);
        this.changes.outOfHoursSentAt = this.input.message.createdAt;
      }
    }
    return true;
  }

  /** No queue yet: one queue is entered at once; with several a number picks one, anything else gets the menu. */
  private async queueMenu(): Promise<void> {
    if (!this.queues.length) return;
    if (this.queues.length === 1) return this.enter(this.queues[0]!, { greet: this.settings.sendGreetingMessageOneQueues === 'enabled' });
    const answer = readAnswer(this.input.message.body);
    const picked = answer.kind === 'pick' ? this.queues[answer.index] : undefined;
    if (picked) return this.enter(picked, { greet: true });
    await this.showQueues();
  }

  /** The connection's greeting and the numbered queues (`chatBotType` list: the same text; see the report). */
  private async showQueues(): Promise<void> {
    await this.say(menuText(this.input.connection.greetingMessage, this.queues.map((q) => q.queue.name)));
    this.changes.queueId = null;
    this.changes.amountUsedBotQueues = (this.ticket.amountUsedBotQueues ?? 0) + 1;
    this.moveTo({ queueId: null, optionId: null });
  }

  /** Into a queue: its hours (per `scheduleType` queue), its greeting, and its options or the hand-over. */
  private async enter(q: MenuQueue, opts: { greet: boolean }): Promise<void> {
    this.changes.queueId = q.queue.id;
    // Closed: the ticket waits in the queue, greeted by the first message once it opens.
    if (this.settings.scheduleType === 'queue' && (await this.closed(q.queue.schedules, q))) return;
    this.moveTo({ queueId: q.queue.id, optionId: null });
    const greeting = opts.greet ? q.queue.greetingMessage : '';
    if (q.options.length) return this.say(menuText(greeting, q.options.map((o) => o.name), this.many ? 'queues' : undefined), q);
    await this.say(greeting, q);
    await this.routed(q);
  }

  private async inQueue(q: MenuQueue): Promise<void> {
    const optionId = this.ticket.botState?.optionId ?? null;
    // An option gone from the tree, or left without children by an edit: back to the first level.
    const found = optionId === null ? undefined : findOption(q.options, optionId);
    const here = found?.options.length ? found : undefined;
    const level = here ? here.options : q.options;
    // Nothing to choose (a queue without options, routed already): the customer waits for an agent.
    if (!level.length) return;
    const answer = readAnswer(this.input.message.body);
    if (answer.kind === 'back') return this.back(q, here);
    const picked = answer.kind === 'pick' ? level[answer.index] : undefined;
    if (picked) return this.pick(q, picked, here);
    await this.showLevel(q, here);
  }

  /** A level's menu again: the queue's first level (its greeting) or an option's children (its text). */
  private async showLevel(q: MenuQueue, here: ChatbotOptionView | undefined): Promise<void> {
    const back: Back | undefined = here ? 'previous' : this.many ? 'queues' : undefined;
    const greeting = here ? (here.optionType === 'text' ? here.greetingMessage : '') : q.queue.greetingMessage;
    await this.say(menuText(greeting, (here ? here.options : q.options).map((o) => o.name), back), q);
  }

  /** `#`: up one level; from the queue's first level to the queue menu (several queues). */
  private async back(q: MenuQueue, here: ChatbotOptionView | undefined): Promise<void> {
    if (here) {
      const parent = here.parentId === null ? undefined : findOption(q.options, here.parentId);
      this.moveTo({ queueId: q.queue.id, optionId: parent?.id ?? null });
      return this.showLevel(q, parent);
    }
    if (this.many) return this.showQueues();
    await this.showLevel(q, undefined);
  }

  private async pick(q: MenuQueue, o: ChatbotOptionView, here: ChatbotOptionView | undefined): Promise<void> {
    const forward = o.forwardQueueId === null ? undefined : this.byId.get(o.forwardQueueId);
    if (forward) {
      await this.sayOption(q, o);
      return this.enter(forward, { greet: true });
    }
    if (o.isAgent) {
      await this.sayOption(q, o);
      this.changes.isBot = false;
      return this.routed(q);
    }
    // An option without a message does not lead to the next level (spec 2 §5): the menu again.
    if (!hasMessage(o)) return this.showLevel(q, here);
    if (!o.options.length) return this.sayOption(q, o);
    if (o.optionType === 'file') await this.sayOption(q, o);
    await this.say(menuText(o.optionType === 'text' ? o.greetingMessage : '', o.options.map((c) => c.name), 'previous'), q);
    this.moveTo({ queueId: q.queue.id, optionId: o.id });
  }

  /** An option's text, or its file (named as uploaded, of the type stored with it). */
  private async sayOption(q: MenuQueue, o: ChatbotOptionView): Promise<void> {
    if (!hasMessage(o)) return;
    if (o.optionType === 'text') return this.say(o.greetingMessage, q);
    // The type stored with the option since its upload; an option stored without it asks S3.
    const mimetype = o.mimetype || (await headMedia(o.mediaKey!))?.contentType;
    if (!mimetype) {
      log.warn('bot: option file missing', { companyId: this.ticket.companyId, optionId: o.id });
      return;
    }
    await this.say('', q, { mediaType: mediaTypeOf(mimetype), mediaKey: o.mediaKey!, mimetype, filename: o.mediaName || o.greetingMessage });
  }

  /**
   * The bot's routing ends in a queue (a queue without options, a hand-over): a random online agent
   * of the queue with `userRandom` (the ticket stays pending, in that agent's list, as in
   * Whaticket), and the customer's place with `sendQueuePosition`.
   */
  private async routed(q: MenuQueue): Promise<void> {
    if (this.settings.userRandom === 'enabled') {
      const agent = await randomOnlineAgent(this.ticket.companyId, q.queue.id);
      if (agent !== undefined) this.changes.userId = agent;
    }
    if (this.settings.sendQueuePosition === 'enabled') {
      const n = (await pendingInQueue(this.ticket.companyId, q.queue.id)) + (this.ticket.queueId === q.queue.id ? 0 : 1);
      await this.say(BOT_TEXTS.queuePosition.replace('{{n}}', String(n)), q);
    }
  }

  /** The turn's changes in one conditional write; the agents' lists hear of a new queue, agent or bot flag. */
  async commit(): Promise<void> {
    if (!this.moved && !Object.keys(this.changes).length) return;
    const before = this.ticket;
    const after: Ticket = { ...before, ...this.changes, botState: { ...this.position, at: new Date().toISOString(), handled: this.input.message.id } };
    const outcome = await transitionTicket(before, after, { relist: false });
    if (outcome !== 'ok') {
      log.info('bot: the ticket changed meanwhile; position not kept', { companyId: before.companyId, ticketId: before.id, outcome });
      return;
    }
    if (after.queueId === before.queueId && after.userId === before.userId && after.isBot === before.isBot) return;
    const fresh = (await getTicket(before.companyId, before.id)) ?? after;
    await ticketChanged('ticket.updated', before, fresh, 'bot', async () => ({ ticket: fresh, view: await toTicketView(fresh, this.input.contact) }));
  }
}

/** Steps 8–10 for a stored inbound message (the queue bot's part of its `message.created`, queue-bot.ts). */
export async function runBot(input: BotInput): Promise<void> {
  const { contact, ticket, message } = input;
  if (message.fromMe || ticket.isGroup || contact.isGroup) return;
  const cid = ticket.companyId;
  if (mayEarnNotice(message)) {
    const notice = noticeFor(message, contact, await recentSettings(cid));
    if (notice) return new Replies(input).say(ticket, notice);
  }
  // A call is no answer to a menu.
  if (message.mediaType === 'call_log' || !botAnswers(ticket, contact) || flowHas(ticket, message) || (ticket.botState?.handled ?? '') >= message.id) return;
  // Read only what the turn can use: the ticket just written by the pipeline (with its revision) is
  // current, and a connection without queues has no menu to offer on a ticket without a queue.
  const menus = input.connection.queueIds.length > 0 || ticket.queueId !== null;
  const [settings, all, stored] = await Promise.all([
    recentSettings(cid),
    menus ? queuesWithTrees(cid) : [],
    (ticket as StoredTicket).rev !== undefined ? ticket : getTicket(cid, ticket.id),
  ]);
  if (!stored || !botAnswers(stored, contact) || flowHas(stored, message) || (stored.botState?.handled ?? '') >= message.id) return;
  const turn = new Turn(input, stored as StoredTicket, settings, all.map(({ queue, tree }) => ({ queue, options: optionViews(queue.id, tree.options) })));
  await turn.play();
  await turn.commit();
}
