/**
 * The sandbox channel: a simulated phone. It shows a QR, "pairs" when the API records a scan of one
 * of the QRs it showed in this run (`scannedQr` on the connection: the API records it only while
 * that QR is the current one, so a scan the poll reads after a rotation still pairs), receives what people or tests play on the phone
 * (the sandbox-phone queue, routed here by the host) and "delivers" sends into the phone's
 * outbox, advancing acks like a phone would (2 delivered, 3 read). It creates groups (a
 * `1203630…@g.us` id, recorded in the outbox so a test can play members writing in it) and knows
 * the customers who wrote to it or were written to (the chat import).
 *
 * The sandbox's own rules, so demos and tests can make every outcome:
 *   - accounts (the numbers check of contact lists): a number has one unless it ends in 000
 *     (sandboxHasAccount, shared/schemas/contact-lists.ts); the check needs the phone paired.
 *   - campaign signals: a send to a number ending in 429 fails as WhatsApp's "rate-overlimit"
 *     (SendError, signal 'rate_limit'); one ending in 403 fails as a banned number (signal
 *     'banned'). Nothing lands in the outbox for them and the session stays connected.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { SANDBOX_PAIRING_ITEM, sendsAsVoiceNote, type InboundEnvelope, type KnownChat, type OutboundJob, type SendSignal } from '@conversa/shared/channels';
import { sandboxHasAccount } from '@conversa/shared/schemas/contact-lists';
import { SendError } from '@conversa/shared/send-signals';
import type { SandboxPhoneMessage } from '@conversa/shared/schemas/sandbox';
import { getConnection } from '@conversa/functions/adapters/db/connections';
import { appendOutbox, appendReadReceipt, patchOutbox, sandboxExternalId, sandboxIdTime, setOutboxAck } from '@conversa/functions/adapters/db/sandbox-outbox';
import { clearAuthState, readAuthItem, writeAuthItems } from '@conversa/functions/adapters/db/wa-auth-state';
import { errData } from '../log';
import { getMedia } from '../media';
import { dynamoAuthStore, type AuthStore } from './baileys-auth';
import type { CreatedGroup, DriverContext, ReadTarget, SessionDriver } from './driver';
import { KnownChats } from './known-chats';

export type SandboxTimings = { pollMs: number; qrTtlMs: number; maxQrs: number; deliveredMs: number; readMs: number };
export const SANDBOX_TIMINGS: SandboxTimings = { pollMs: 500, qrTtlMs: 60_000, maxQrs: 5, deliveredMs: 300, readMs: 1_000 };

/** The phone's inbound may also carry an edit or a deletion of an earlier customer message. */
type PhoneMessage = SandboxPhoneMessage & { edit?: { to: string; body: string }; delete?: { to: string } };

const PAIRING = SANDBOX_PAIRING_ITEM;
export const sandboxNumber = (whatsappId: number) => String(5511900000000 + whatsappId);
/** The refusal the sandbox plays for a number: its last digits 429 (rate limit) or 403 (banned). */
export const sandboxSignal = (chatId: string): SendSignal | undefined => (/^\d+429$/.test(chatId) ? 'rate_limit' : /^\d+403$/.test(chatId) ? 'banned' : undefined);

export class SandboxDriver implements SessionDriver {
  readonly channel = 'sandbox' as const;
  private connected = false;
  private stopped = true;
  private qrIssuedAt = 0;
  private qrCount = 0;
  /** The QRs shown since start: a scan of any of them pairs. */
  private readonly issued = new Set<string>();
  /** The QRs ran out: one last poll reads a scan recorded before TIMEOUT landed. */
  private timedOut = false;
  private pollTimer?: NodeJS.Timeout;
  private readonly ackTimers = new Set<NodeJS.Timeout>();
  private readonly known: KnownChats;

  constructor(
    private readonly ctx: DriverContext,
    private readonly t: SandboxTimings = SANDBOX_TIMINGS,
    store: AuthStore = dynamoAuthStore(ctx.companyId, ctx.whatsappId),
  ) {
    this.known = new KnownChats(store, ctx.log);
  }

  isConnected(): boolean {
    return this.connected && !this.stopped;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.ctx.events.status('OPENING');
    await this.known.load();
    const paired = await readAuthItem(this.ctx.companyId, this.ctx.whatsappId, PAIRING);
    if (paired) return this.pair(false);
    this.qrCount = 0;
    this.issued.clear();
    this.timedOut = false;
    this.newQr();
    this.schedulePoll();
  }

  private newQr(): void {
    this.qrCount += 1;
    this.qrIssuedAt = Date.now();
    const text = `conversa-sandbox:${this.ctx.companyId}:${this.ctx.whatsappId}:${randomBytes(12).toString('base64url')}`;
    this.issued.add(text);
    this.ctx.events.qr(text);
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = setTimeout(() => void this.poll(), this.t.pollMs);
  }

  private async poll(): Promise<void> {
    if (this.stopped || this.connected) return;
    try {
      const conn = await getConnection(this.ctx.companyId, this.ctx.whatsappId, true);
      if (this.stopped) return;
      if (conn?.scannedQr && this.issued.has(conn.scannedQr)) return await this.pair(true);
    } catch (err) {
      this.ctx.log.warn('sandbox: poll failed', { err: errData(err) });
    }
    if (this.timedOut) return;
    if (Date.now() - this.qrIssuedAt >= this.t.qrTtlMs) {
      if (this.qrCount >= this.t.maxQrs) {
        this.timedOut = true;
        this.ctx.events.status('TIMEOUT', 'QR code not scanned');
      } else this.newQr();
    }
    this.schedulePoll();
  }

  private async pair(store: boolean): Promise<void> {
    if (store) await writeAuthItems(this.ctx.companyId, this.ctx.whatsappId, [{ name: PAIRING, data: JSON.stringify({ pairedAt: new Date().toISOString() }) }]);
    if (this.stopped) return;
    this.connected = true;
    this.ctx.events.number(sandboxNumber(this.ctx.whatsappId));
    this.ctx.events.status('CONNECTED');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    clearTimeout(this.pollTimer);
    for (const t of this.ackTimers) clearTimeout(t);
    this.ackTimers.clear();
    await this.known.close();
  }

  async logout(): Promise<void> {
    await this.stop();
    this.known.reset();
    await clearAuthState(this.ctx.companyId, this.ctx.whatsappId);
  }

  /** A customer's action on the phone → the envelopes to enqueue (the host routes the sandbox-phone queue here and publishes them). */
  deliver(m: PhoneMessage): InboundEnvelope[] {
    const base = { companyId: this.ctx.companyId, whatsappId: this.ctx.whatsappId, chatId: m.group ? m.group.id : m.from, timestamp: m.at || Date.now() };
    if (!m.group) this.known.note(m.from, m.name, true);
    let env: InboundEnvelope;
    if (m.reaction) env = { ...base, kind: 'update', externalId: m.reaction.to, reaction: { emoji: m.reaction.emoji, from: m.from, fromMe: false } };
    else if (m.edit) env = { ...base, kind: 'update', externalId: m.edit.to, editedBody: m.edit.body };
    else if (m.delete) env = { ...base, kind: 'update', externalId: m.delete.to, deleted: true };
    else
      env = {
        ...base,
        kind: 'message',
        externalId: m.id,
        isGroup: !!m.group,
        fromMe: false,
        contactName: m.group ? m.group.name : m.name,
        altIds: [],
        ...(m.group ? { participant: { id: m.from, name: m.name } } : {}),
        body: m.body,
        ...(m.media ? { mediaType: m.media.mediaType, media: { key: m.media.key, mimetype: m.media.mimetype, filename: m.media.filename } } : {}),
        ...(m.quotedId ? { quotedExternalId: m.quotedId } : {}),
      };
    return [env];
  }

  async send(job: OutboundJob): Promise<{ externalId: string }> {
    if (!this.isConnected()) throw new Error('sandbox session is not connected');
    const { companyId: cid, whatsappId: wid } = this.ctx;
    const target = job.targetExternalId;
    switch (job.action) {
      case 'edit':
      case 'delete': {
        if (!target) throw new Error(`${job.action} needs targetExternalId`);
        const ok = await patchOutbox(cid, wid, target, job.action === 'edit' ? { editedBody: job.body } : { deleted: true });
        if (!ok) throw new Error(`message ${target} not found on the phone`);
        return { externalId: target };
      }
      case 'react': {
        if (!target) throw new Error('react needs targetExternalId');
        // Our own message: the phone shows the reaction on it; a customer's: a reaction item.
        if (sandboxIdTime(target) !== undefined && (await patchOutbox(cid, wid, target, { reaction: job.body }))) return { externalId: target };
        const externalId = sandboxExternalId();
        await appendOutbox(cid, wid, { externalId, to: job.chatId, body: '', reaction: job.body, quotedExternalId: target, ack: 1, at: new Date().toISOString() });
        return { externalId };
      }
      case 'read':
        await this.markRead(job.chatId, job.targets ?? (target ? [{ externalId: target }] : []));
        return { externalId: target ?? '' };
      default: {
        // The sandbox's signal rule (campaigns' safety tests): a number ending in 429 is refused as
        // WhatsApp's rate-overlimit, one ending in 403 as a banned account; nothing reaches the phone.
        const signal = sandboxSignal(job.chatId);
        if (signal) throw new SendError(signal === 'rate_limit' ? 'rate-overlimit' : 'banned: the account cannot send', signal);
        if (!job.isGroup) this.known.note(job.chatId, '');
        // The phone downloads the file like a real one would: a send whose file is missing fails.
        const mediaSize = job.mediaKey ? (await getMedia(job.mediaKey)).length : undefined;
        const now = Date.now();
        // A campaign send keeps its own id after the phone's time prefix (domain/campaigns/message-ref.ts).
        const externalId = job.presetId ? `${sandboxExternalId(now).slice(0, 12)}${job.presetId}` : sandboxExternalId(now);
        await appendOutbox(cid, wid, {
          externalId,
          to: job.chatId,
          body: job.body,
          ack: 1,
          at: new Date(now).toISOString(),
          ...(job.mediaType ? { mediaType: job.mediaType } : {}),
          ...(job.mediaKey ? { mediaKey: job.mediaKey, mediaSize, ...(job.mimetype ? { mimetype: job.mimetype } : {}), ...(job.filename ? { filename: job.filename } : {}) } : {}),
          ...(job.quotedExternalId ? { quotedExternalId: job.quotedExternalId } : {}),
          ...(sendsAsVoiceNote(job) ? { voiceNote: true } : {}),
        });
        this.scheduleAck(externalId, job.chatId, 2, this.t.deliveredMs);
        this.scheduleAck(externalId, job.chatId, 3, this.t.readMs);
        return { externalId };
      }
    }
  }

  private scheduleAck(externalId: string, chatId: string, ack: number, ms: number): void {
    const timer = setTimeout(() => {
      this.ackTimers.delete(timer);
      if (this.stopped) return;
      void setOutboxAck(this.ctx.companyId, this.ctx.whatsappId, externalId, ack)
        .then(() => this.ctx.events.inbound({ kind: 'update', companyId: this.ctx.companyId, whatsappId: this.ctx.whatsappId, externalId, chatId, ack, timestamp: Date.now() }))
        .catch((err: unknown) => this.ctx.log.warn('sandbox: ack failed', { externalId, ack, err: errData(err) }));
    }, ms);
    this.ackTimers.add(timer);
  }

  /** The phone sees the customer's messages read (blue ticks): a receipt naming them. */
  async markRead(chatId: string, messages: readonly ReadTarget[]): Promise<void> {
    if (!messages.length) return;
    await appendReadReceipt(this.ctx.companyId, this.ctx.whatsappId, { to: chatId, readIds: messages.map((m) => m.externalId), at: new Date().toISOString() });
  }
  async presence(): Promise<void> {}

  /** The phone makes the group and shows it in its outbox (to: the group id, body: the subject). */
  async createGroup(subject: string, participants: readonly string[]): Promise<CreatedGroup> {
    if (!this.isConnected()) throw new Error('sandbox session is not connected');
    const id = `120363${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e3)).padStart(3, '0')}@g.us`;
    const now = Date.now();
    await appendOutbox(this.ctx.companyId, this.ctx.whatsappId, { externalId: sandboxExternalId(now), to: id, body: subject, ack: 3, at: new Date(now).toISOString(), group: { subject, participants: [...participants] } });
    return { id, subject };
  }

  async listChats(): Promise<KnownChat[]> {
    if (!this.isConnected()) throw new Error('sandbox session is not connected');
    return this.known.list();
  }

  /** The sandbox's own rule: every number of 10 to 15 digits has an account unless it ends in 000. */
  async checkNumbers(numbers: readonly string[]): Promise<(boolean | null)[]> {
    if (!this.isConnected()) throw new Error('sandbox session is not connected');
    return numbers.map(sandboxHasAccount);
  }
}
