/**
 * WhatsApp through Baileys (multi-device web protocol). QR or pairing code, auth state in
 * DynamoDB (a restart resumes without a QR), reconnect with exponential backoff, logged out →
 * login forgotten and DISCONNECTED. Received media goes to S3 before the envelope is emitted.
 * Without a network the socket closes with a reason: reported as DISCONNECTED, retried later.
 * Session commands: groups through `groupCreate`; the chat import lists the people the account
 * has shown us (history sync, contact and chat events, who wrote), kept with the auth state; the
 * numbers check asks `onWhatsApp` (the host paces it, commands.ts).
 * Campaign signals: a send or check WhatsApp refuses with "rate-overlimit" throws a SendError with
 * signal 'rate_limit'; a close with a ban code (402, 403, 406) reports DISCONNECTED with signal
 * 'banned' and does not reconnect (the login is kept: 'Restart' tries again once the ban is lifted).
 */
import { Browsers, DisconnectReason, downloadMediaMessage, makeCacheableSignalKeyStore, makeWASocket, type AnyMessageContent, type WAMessage, type WASocket } from '@whiskeysockets/baileys';
import pino from 'pino';
import { sendsAsVoiceNote, type KnownChat, type OutboundJob } from '@conversa/shared/channels';
import { SendError } from '@conversa/shared/send-signals';
import { errData } from '../log';
import { getMedia, MAX_MEDIA_BYTES, putMedia, receivedMediaKey } from '../media';
import { dynamoAuthStore, useStoredAuthState, type AuthStore } from './baileys-auth';
import { closeSignal, jidOf, knownFromChat, knownFromContact, mapAck, mapCall, mapMessage, mapOnWhatsApp, sendSignalOf, type KnownPerson } from './baileys-map';
import type { CreatedGroup, DriverContext, Presence, ReadTarget, SessionDriver } from './driver';
import { KnownChats } from './known-chats';

export type BaileysOptions = {
  authStore?: AuthStore;
  /** Pair with a code on this phone number (digits) instead of a QR. */
  pairingPhone?: string;
  /** QRs shown without a scan before TIMEOUT (default 5). */
  maxQrs?: number;
  /** First reconnect delay (doubles up to maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
  connectTimeoutMs?: number;
  /** Stores received media (default S3). */
  storeMedia?: (key: string, body: Buffer, mimetype: string) => Promise<void>;
  /** Makes the socket (tests plug in a fake one). */
  makeSocket?: typeof makeWASocket;
  /** Wait before the known people are saved after a change. */
  knownSaveMs?: number;
};

const quiet = pino({ level: 'silent' });

export class BaileysDriver implements SessionDriver {
  readonly channel = 'whatsapp' as const;
  private sock?: WASocket;
  private generation = 0;
  private stopped = true;
  private connected = false;
  private attempts = 0;
  private qrs = 0;
  private retryTimer?: NodeJS.Timeout;
  private readonly store: AuthStore;
  /** Ids of what we sent recently: their echo is still emitted (fromMe), the inbound worker dedupes by id. */
  private readonly sentIds = new Set<string>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly known: KnownChats;

  constructor(
    private readonly ctx: DriverContext,
    private readonly o: BaileysOptions = {},
  ) {
    this.store = o.authStore ?? dynamoAuthStore(ctx.companyId, ctx.whatsappId);
    this.known = new KnownChats(this.store, ctx.log, o.knownSaveMs);
  }

  isConnected(): boolean {
    return this.connected && !this.stopped;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.attempts = 0;
    this.qrs = 0;
    await this.known.load().catch((err: unknown) => this.ctx.log.warn('whatsapp: known chats unreadable', { err: errData(err) }));
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const gen = ++this.generation;
    this.endSocket();
    this.ctx.events.status('OPENING');
    let auth;
    try {
      auth = await useStoredAuthState(this.store);
    } catch (err) {
      this.ctx.log.error('whatsapp: auth state unreadable', { err: errData(err) });
      this.ctx.events.status('DISCONNECTED', `auth state unreadable: ${(err as Error).message}`.slice(0, 300));
      return this.scheduleReconnect();
    }
    if (this.stopped || gen !== this.generation) return;
    const { state, saveCreds } = auth;
    let sock: WASocket;
    try {
      sock = (this.o.makeSocket ?? makeWASocket)({
        auth: { creds: state.creds, keys: makeCacheableSignalKeyStore(state.keys, quiet) },
        logger: quiet,
        printQRInTerminal: false,
        browser: Browsers.ubuntu('Conversa'),
        markOnlineOnConnect: false,
        syncFullHistory: false,
        connectTimeoutMs: this.o.connectTimeoutMs ?? 20_000,
      });
    } catch (err) {
      this.ctx.events.status('DISCONNECTED', `socket failed: ${(err as Error).message}`.slice(0, 300));
      return this.scheduleReconnect();
    }
    this.sock = sock;
    const live = () => !this.stopped && gen === this.generation;
    const guard = (what: string, fn: () => unknown) => {
      try {
        const r = fn();
        if (r instanceof Promise) r.catch((err: unknown) => this.ctx.log.error(`whatsapp: ${what} failed`, { err: errData(err) }));
      } catch (err) {
        this.ctx.log.error(`whatsapp: ${what} failed`, { err: errData(err) });
      }
    };

    sock.ev.on('creds.update', () => guard('saving creds', () => (live() ? saveCreds() : undefined)));
    sock.ev.on('connection.update', (u) =>
      guard('connection update', async () => {
        if (!live()) return;
        if (u.qr) {
          if (this.o.pairingPhone && !state.creds.registered) {
            const code = await sock.requestPairingCode(this.o.pairingPhone.replace(/\D/g, ''));
            this.ctx.events.pairingCode?.(code) ?? this.ctx.events.qr(code);
          } else {
            this.qrs += 1;
            if (this.qrs > (this.o.maxQrs ?? 5)) {
              this.ctx.events.status('TIMEOUT', 'QR code not scanned');
              this.stopped = true;
              this.endSocket();
              return;
            }
            this.ctx.events.qr(u.qr);
          }
        }
        if (u.connection === 'open') {
          this.connected = true;
          this.attempts = 0;
          this.qrs = 0;
          const digits = (sock.user?.id ?? '').split(/[:@]/)[0] ?? '';
          if (digits) this.ctx.events.number(digits);
          this.ctx.events.status('CONNECTED');
        }
        if (u.connection === 'close') {
          this.connected = false;
          const err = u.lastDisconnect?.error as (Error & { output?: { statusCode?: number } }) | undefined;
          const code = err?.output?.statusCode;
          if (code === DisconnectReason.loggedOut) {
            this.known.reset();
            await this.store.clear();
            this.stopped = true;
            this.endSocket();
            this.ctx.events.status('DISCONNECTED', 'logged out from the phone');
            return;
          }
          if (code === DisconnectReason.restartRequired) return void this.connect();
          const banned = closeSignal(code);
          if (banned) {
            this.stopped = true;
            this.endSocket();
            this.ctx.events.status('DISCONNECTED', `banned by WhatsApp (${code}): ${err?.message ?? 'connection closed'}`.slice(0, 300), banned);
            return;
          }
          const reason = `${err?.message ?? 'connection closed'}${code ? ` (${code})` : ''}`.slice(0, 300);
          this.ctx.events.status('DISCONNECTED', reason);
          this.scheduleReconnect();
        }
      }),
    );
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (!live()) return;
      for (const m of messages) guard('message', () => this.receive(m, type === 'notify' || type === 'append'));
    });
    const know = (p: KnownPerson | undefined) => p && this.known.note(p.number, p.name, p.saved);
    sock.ev.on('messaging-history.set', ({ contacts, chats }) => {
      for (const c of contacts) know(knownFromContact(c));
      for (const c of chats) know(knownFromChat(c));
    });
    sock.ev.on('contacts.upsert', (contacts) => contacts.forEach((c) => know(knownFromContact(c))));
    sock.ev.on('contacts.update', (contacts) => contacts.forEach((c) => know(knownFromContact(c))));
    sock.ev.on('chats.upsert', (chats) => chats.forEach((c) => know(knownFromChat(c))));
    sock.ev.on('messages.update', (updates) => {
      for (const u of updates) {
        const ack = mapAck(u, this.ctx);
        if (ack) this.ctx.events.inbound(ack);
        // An edit arrives as a message update too.
        if (u.update.message) guard('message update', () => this.receive({ key: u.key, message: u.update.message, messageTimestamp: u.update.messageTimestamp } as WAMessage, true));
      }
    });
    sock.ev.on('call', (calls) => {
      for (const c of calls) {
        const m = mapCall(c, this.ctx);
        if (m) this.ctx.events.inbound(m);
      }
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(this.o.maxBackoffMs ?? 60_000, (this.o.backoffMs ?? 1_000) * 2 ** this.attempts);
    this.attempts += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect().catch((err: unknown) => this.ctx.log.error('whatsapp: reconnect failed', { err: errData(err) })), delay);
  }

  /** Maps, stores media, emits, in order per chat. */
  private receive(m: WAMessage, _live: boolean): void {
    const mapped = mapMessage(m, this.ctx);
    if (!mapped) return;
    const env = mapped.envelope;
    // A phone chat (or a LID one the key maps to a phone); a LID alone is no number to import.
    const phoneChat = !!m.key.remoteJid?.endsWith('@s.whatsapp.net') || (env.kind === 'message' && env.altIds.length > 0);
    if (env.kind === 'message' && !env.isGroup && !env.fromMe && phoneChat) this.known.note(env.chatId, env.contactName);
    const chain = (this.chains.get(env.chatId) ?? Promise.resolve()).then(async () => {
      if (env.kind === 'message' && mapped.media) {
        try {
          if ((mapped.media.size ?? 0) > MAX_MEDIA_BYTES) throw new Error('media too large');
          const buf = await downloadMediaMessage(m, 'buffer', {}, { logger: quiet, reuploadRequest: (x) => this.sock!.updateMediaMessage(x) });
          const key = receivedMediaKey(this.ctx.companyId, this.ctx.whatsappId, env.externalId);
          await (this.o.storeMedia ?? putMedia)(key, buf, mapped.media.mimetype);
          env.media = { key, mimetype: mapped.media.mimetype, filename: mapped.media.filename, size: buf.length };
        } catch (err) {
          this.ctx.log.warn('whatsapp: media download failed', { externalId: env.externalId, err: errData(err) });
        }
      }
      this.ctx.events.inbound(env);
    });
    const settled = chain.catch(() => undefined);
    this.chains.set(env.chatId, settled);
    void settled.then(() => {
      if (this.chains.get(env.chatId) === settled) this.chains.delete(env.chatId);
    });
  }

  private endSocket(): void {
    const s = this.sock;
    this.sock = undefined;
    this.connected = false;
    if (!s) return;
    try {
      s.ev.removeAllListeners('connection.update');
      s.ev.removeAllListeners('messages.upsert');
      s.ev.removeAllListeners('messages.update');
      s.ev.removeAllListeners('creds.update');
      s.ev.removeAllListeners('call');
      for (const e of ['messaging-history.set', 'contacts.upsert', 'contacts.update', 'chats.upsert'] as const) s.ev.removeAllListeners(e);
      s.end(undefined);
    } catch {
      // already closed
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.endSocket();
    await this.known.close();
  }

  async logout(): Promise<void> {
    const s = this.sock;
    if (s && this.connected) await s.logout().catch(() => undefined);
    await this.stop();
    this.known.reset();
    await this.store.clear();
  }

  private need(): WASocket {
    if (!this.sock || !this.isConnected()) throw new Error('WhatsApp session is not connected');
    return this.sock;
  }

  async send(job: OutboundJob): Promise<{ externalId: string }> {
    const sock = this.need();
    const jid = jidOf(job.chatId, job.isGroup);
    const targetKey = (fromMe: boolean) => ({ remoteJid: jid, id: job.targetExternalId!, fromMe });
    let content: AnyMessageContent;
    switch (job.action) {
      case 'read':
        await this.markRead(job.chatId, job.targets ?? (job.targetExternalId ? [{ externalId: job.targetExternalId, fromMe: false }] : []), job.isGroup);
        return { externalId: job.targetExternalId ?? '' };
      case 'react': {
        // The reacted message's key: whose it is and, in a group, who wrote it.
        const target = job.targets?.find((t) => t.externalId === job.targetExternalId);
        const participant = job.isGroup && target?.participant ? { participant: jidOf(target.participant) } : {};
        content = { react: { text: job.body, key: { ...targetKey(target?.fromMe ?? this.sentIds.has(job.targetExternalId ?? '')), ...participant } } };
        break;
      }
      case 'edit':
        content = { text: job.body, edit: targetKey(true) };
        break;
      case 'delete':
        content = { delete: targetKey(true) };
        break;
      default:
        content = await this.content(job);
    }
    if (job.action !== 'send' && !job.targetExternalId) throw new Error(`${job.action} needs targetExternalId`);
    const quoted = job.quotedExternalId ? ({ key: { remoteJid: jid, id: job.quotedExternalId, fromMe: this.sentIds.has(job.quotedExternalId) }, message: { conversation: '' } } as WAMessage) : undefined;
    // A campaign send goes out under its own id (domain/campaigns/message-ref.ts): its acks and echo name the recipient.
    const sent = await signalled(() => sock.sendMessage(jid, content, { ...(quoted ? { quoted } : {}), ...(job.presetId && job.action === 'send' ? { messageId: job.presetId } : {}) }));
    const externalId = sent?.key.id;
    if (!externalId) throw new Error('WhatsApp did not answer a message id');
    this.sentIds.add(externalId);
    if (this.sentIds.size > 5_000) this.sentIds.delete(this.sentIds.values().next().value!);
    return { externalId: job.action === 'send' ? externalId : job.targetExternalId! };
  }

  private async content(job: OutboundJob): Promise<AnyMessageContent> {
    const forwarded = job.isForwarded ? { contextInfo: { isForwarded: true, forwardingScore: 1 } } : {};
    if (!job.mediaKey || !job.mediaType) return { text: job.body, ...forwarded };
    const buf = await getMedia(job.mediaKey);
    const mimetype = job.mimetype ?? 'application/octet-stream';
    switch (job.mediaType) {
      case 'image':
        return { image: buf, caption: job.body, mimetype, ...forwarded };
      case 'video':
        return { video: buf, caption: job.body, mimetype, ...forwarded };
      case 'audio':
        return { audio: buf, mimetype, ptt: sendsAsVoiceNote(job), ...forwarded };
      default:
        return { document: buf, mimetype, fileName: job.filename || 'file', caption: job.body, ...forwarded };
    }
  }

  /** Read receipts (blue ticks) for the customer's messages; in a group each key names who wrote it. */
  async markRead(chatId: string, messages: readonly ReadTarget[], isGroup = false): Promise<void> {
    if (!messages.length) return;
    const jid = jidOf(chatId, isGroup);
    await this.need().readMessages(messages.map((m) => ({ remoteJid: jid, id: m.externalId, fromMe: false, ...(isGroup && m.participant ? { participant: jidOf(m.participant) } : {}) })));
  }

  async presence(chatId: string, state: Presence, isGroup = false): Promise<void> {
    await this.need().sendPresenceUpdate(state, jidOf(chatId, isGroup));
  }

  async createGroup(subject: string, participants: readonly string[]): Promise<CreatedGroup> {
    const meta = await this.need().groupCreate(subject, participants.map((p) => jidOf(p)));
    if (!meta?.id) throw new Error('WhatsApp did not answer a group id');
    return { id: meta.id, subject: meta.subject || subject };
  }

  async listChats(): Promise<KnownChat[]> {
    this.need();
    return this.known.list();
  }

  async checkNumbers(numbers: readonly string[]): Promise<(boolean | null)[]> {
    const sock = this.need();
    return mapOnWhatsApp(numbers, await signalled(() => sock.onWhatsApp(...numbers.map((n) => jidOf(n)))));
  }
}

/** A call WhatsApp may refuse for a rate limit: the refusal is thrown as a SendError with its signal. */
async function signalled<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const signal = sendSignalOf(err);
    if (signal) throw new SendError(`WhatsApp refused: ${(err as Error).message ?? err}`.slice(0, 450), signal);
    throw err;
  }
}
