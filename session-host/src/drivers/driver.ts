/**
 * One driver interface for every session channel (DESIGN.md "Channels"). A driver owns one
 * connection's session; the manager starts and stops it and turns its events into reports
 * (reportSession) and inbound envelopes (the inbound queue).
 */
import type { Channel, ConnectionStatus, InboundEnvelope, KnownChat, OutboundJob } from '@conversa/shared/channels';
import type { SendSignal } from '@conversa/shared/send-signals';
import type { Log } from '../log';

export type DriverEvents = {
  /** A QR to show (status qrcode). */
  qr(text: string): void;
  /** `signal`: the session closed because the number is banned (its campaigns pause). */
  status(status: ConnectionStatus, reason?: string, signal?: SendSignal): void;
  /** The account's number once paired (digits). */
  number(digits: string): void;
  inbound(envelope: InboundEnvelope): void;
  /** A pairing code to type on the phone (status PAIRING), when pairing by code. */
  pairingCode?(code: string): void;
};

export type DriverContext = {
  companyId: number;
  whatsappId: number;
  hostId: string;
  events: DriverEvents;
  log: Log;
};

/** A message read: its channel id and, in a group, who wrote it. */
export type ReadTarget = { externalId: string; participant?: string };

export type Presence = 'available' | 'unavailable' | 'composing' | 'recording' | 'paused';

export interface SessionDriver {
  readonly channel: Channel;
  /** Opens the session (resuming a stored login, or showing a QR). Never throws for channel trouble: it reports a status. */
  start(): Promise<void>;
  /** Ends the socket and timers; the login stays stored. */
  stop(): Promise<void>;
  /** Ends the session and forgets the login (the next start shows a new QR). */
  logout(): Promise<void>;
  /**
   * Sends a job (send, react, edit, delete, read); answers the channel's id of the message. A
   * failure that means the number is limited or banned throws an error with `signal` (SendError).
   */
  send(job: OutboundJob): Promise<{ externalId: string }>;
  /** Read receipts for the customer's messages (the blue ticks on their phone). */
  markRead(chatId: string, messages: readonly ReadTarget[], isGroup?: boolean): Promise<void>;
  presence(chatId: string, state: Presence, isGroup?: boolean): Promise<void>;
  /** True while the session can send. */
  isConnected(): boolean;
  /** Creates a group with these phone numbers (digits) on the channel; answers its chat id (`…@g.us`). Throws when the channel refuses. */
  createGroup(subject: string, participants: readonly string[]): Promise<CreatedGroup>;
  /** The people this session knows (its contacts and one-to-one chats), phone numbers only. */
  listChats(): Promise<KnownChat[]>;
  /** Whether each number (digits) has an account on the channel; null where the channel did not say. */
  checkNumbers(numbers: readonly string[]): Promise<(boolean | null)[]>;
}

export type CreatedGroup = { id: string; subject: string };

export type DriverFactory = (channel: Channel, ctx: DriverContext) => SessionDriver;
