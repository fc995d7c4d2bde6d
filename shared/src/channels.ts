/**
 * Channels (DESIGN.md "Channels"): connection types and statuses, and the normalised envelopes
 * that travel the inbound and outbound queues whatever the channel.
 */
import { z } from 'zod';
import { LAST_MESSAGE_PREVIEW_CHARS, UPLOAD_LIMIT_BYTES } from './constants';
import type { ErrorCode } from './errors';

export const CHANNELS = ['whatsapp', 'sandbox', 'wppoficial', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];
/**
 * The text a webhook stores instead of a file over the upload limit (it never downloads it), with
 * the code ERR_MEDIA_TOO_LARGE in the message's `mediaError` (what the bot's file notice reads).
 */
export const TOO_LARGE_BODY = `Arquivo é muito grande! ${UPLOAD_LIMIT_BYTES / 1024 / 1024}MB máximo`;

/** Channels whose sessions live in the session host (the others are webhooks + Graph API). */
export const SESSION_CHANNELS: readonly Channel[] = ['whatsapp', 'sandbox'];
export const isSessionChannel = (c: Channel): boolean => SESSION_CHANNELS.includes(c);
/** Whether the channel can change a message already sent: the session channels can; the Graph ones have no such call. */
export const editsSentMessages = (c: Channel): boolean => isSessionChannel(c);
/**
 * Whether an agent can react to a message on its channel: one the channel has (a channel id), not
 * deleted, not a log. WhatsApp (Baileys, the sandbox) takes reactions to any message; the Cloud
 * API ("a WhatsApp user message you received"), Messenger and Instagram (sender action `react`)
 * to the customer's messages.
 */
export const reactsTo = (c: Channel, m: { fromMe: boolean; isDeleted: boolean; mediaType?: MediaType | null; hasChannelId: boolean }): boolean =>
  m.hasChannelId && !m.isDeleted && !isLogType(m.mediaType) && (isSessionChannel(c) || !m.fromMe);
/** Logs the chat draws centred (calls, closings, notices): not messages anyone wrote. */
export const isLogType = (t: MediaType | null | undefined): boolean => t === 'call_log' || t === 'closed_log' || t === 'info_log';

export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** Statuses that put the attention badge on the drawer's connections entry (spec 1 §2). */
export const NEEDS_ATTENTION: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** What the session host is asked to do with a session (set by the API, reconciled by the host). */
export const SESSION_DESIRED = ['run', 'stop', 'newqr'] as const;
export type SessionDesired = (typeof SESSION_DESIRED)[number];

/** `unsupported`: the customer sent something the channel does not deliver (a placeholder, so the agent knows they wrote). */
export const MEDIA_TYPES = ['image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'contactMessage', 'contactsArrayMessage', 'reactionMessage', 'call_log', 'closed_log', 'info_log', 'unsupported'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/**
 * A ticket's last-message preview (`lastMessage`), for messages received and sent alike: the text
 * or caption; without one, a document's file name, else the media's kind as `[audio]`, which the
 * screens label by its kind (previewedMedia).
 */
export function lastMessagePreview(m: { body?: string; mediaType?: MediaType | null; filename?: string | null }): string {
  const kind = m.mediaType ? `[${m.mediaType}]` : '';
  return (m.body || (m.mediaType === 'application' ? m.filename : '') || kind).slice(0, LAST_MESSAGE_PREVIEW_CHARS);
}
/** The kind a preview names, when it is one of lastMessagePreview's `[kind]`. */
export const previewedMedia = (text: string): MediaType | undefined => {
  const kind = /^\[([A-Za-z_]+)\]$/.exec(text.trim())?.[1];
  return (MEDIA_TYPES as readonly string[]).includes(kind ?? '') ? (kind as MediaType) : undefined;
};

/** A connection as the API answers it (`token` only for admins; never on socket events). */
export const ConnectionView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(CONNECTION_STATUSES),
  /** The QR text while the status is 'qrcode'. */
  qrcode: z.string(),
  number: z.string(),
  isDefault: z.boolean(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  token: z.string().optional(),
  queueIds: z.array(z.number()),
  /** Minutes within which a closed ticket is reopened by a new message (0 = never). */
  reopenWindowMinutes: z.number(),
  allowGroups: z.boolean(),
  /** The flows a new ticket starts (BEHAVIOUR.md "Flows"); absent on connections saved before flows = null. */
  flowIdWelcome: z.number().nullable().optional(),
  flowIdNotPhrase: z.number().nullable().optional(),
  /** What the session host is asked to do (session channels). */
  desired: z.enum(SESSION_DESIRED),
  desiredAt: z.string(),
  /** Why the session is down, when it is. */
  reason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

const Id = z.string().min(1).max(200);

/**
 * Why a file the customer sent was not taken, when the message's text is the platform's note
 * saying so (the webhook: over the upload limit; the inbound worker: the download failed). Rules
 * read this code, never the note's words.
 */
export const MEDIA_ERRORS = ['ERR_MEDIA_TOO_LARGE', 'ERR_WAPP_DOWNLOAD_MEDIA'] as const satisfies readonly ErrorCode[];
export type MediaError = (typeof MEDIA_ERRORS)[number];

/** A message as a channel delivered it, before contact/ticket resolution. */
export const InboundMessage = z.object({
  kind: z.literal('message'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  /** The channel's id of the message: the idempotency key. */
  externalId: Id,
  /** The chat: a phone number (digits), a group id, a page-scoped id. */
  chatId: Id,
  isGroup: z.boolean().default(false),
  fromMe: z.boolean().default(false),
  /** The contact as the channel names it. */
  contactName: z.string().max(200).default(''),
  /** Alternative identities of the same person (WhatsApp LID ↔ phone). */
  altIds: z.array(Id).max(5).default([]),
  /** In a group: who wrote. */
  participant: z.object({ id: Id, name: z.string().max(200).default('') }).optional(),
  body: z.string().max(65_536).default(''),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  /** Media already stored in S3 by the driver/webhook, or a URL the worker fetches. */
  media: z.object({ key: z.string().max(1024).optional(), url: z.string().url().max(2048).optional(), mimetype: z.string().max(200), filename: z.string().max(300).default(''), size: z.number().int().nonnegative().optional() }).optional(),
  /** Set with the note that replaced a file that was not taken. */
  mediaError: z.enum(MEDIA_ERRORS).optional(),
  quotedExternalId: Id.optional(),
  /** The channel's time of the message (ms; WhatsApp and the Cloud API give whole seconds). */
  timestamp: z.number().int().positive(),
  /**
   * When the platform received it (ms, arrivalStamp): stamped once by the producer before the
   * message is queued, so a redelivery carries the same value. Orders messages of the same
   * channel time by arrival.
   */
  receivedAt: z.number().int().positive().optional(),
});
export type InboundMessage = z.infer<typeof InboundMessage>;

let lastArrival = 0;
/** An arrival time, strictly increasing within this process (two messages of one millisecond keep their order). */
export function arrivalStamp(now = Date.now()): number {
  lastArrival = Math.max(now, lastArrival + 1);
  return lastArrival;
}

/** Changes to a message already stored: ack, edit, deletion, reaction. Never create a ticket. */
export const InboundUpdate = z.object({
  kind: z.literal('update'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  externalId: Id,
  chatId: Id,
  ack: z.number().int().min(0).max(4).optional(),
  editedBody: z.string().max(65_536).optional(),
  deleted: z.boolean().optional(),
  reaction: z.object({ emoji: z.string().max(32), from: Id, fromMe: z.boolean().default(false) }).optional(),
  /** The channel reports that a message we sent failed (Cloud API status `failed`). */
  error: z.string().max(500).optional(),
  /** What the sender attached to the message and the channel hands back (Cloud API `biz_opaque_callback_data`). */
  ref: z.string().max(512).optional(),
  timestamp: z.number().int().positive(),
});
export type InboundUpdate = z.infer<typeof InboundUpdate>;

/**
 * The customer's app read (ack 3) or received (ack 2) every message the page sent up to
 * `watermark` (ms): Messenger's `read.watermark` and `delivery.watermark`, which name no message.
 */
export const InboundWatermark = z.object({
  kind: z.literal('watermark'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  chatId: Id,
  ack: z.union([z.literal(2), z.literal(3)]),
  watermark: z.number().int().positive(),
  timestamp: z.number().int().positive(),
});
export type InboundWatermark = z.infer<typeof InboundWatermark>;

/**
 * A campaign send (BEHAVIOUR.md "Campaigns"): the recipient of campaign `campaignId`'s list item
 * `itemId`, generation `gen`, instead of a ticket's message (a campaign send opens no ticket).
 * `confirmation`: the confirmation text a confirmation campaign sends first.
 */
export const CampaignTarget = z.object({
  campaignId: z.number().int().positive(),
  itemId: z.number().int().positive(),
  gen: z.number().int().positive(),
  confirmation: z.boolean().optional(),
});
export type CampaignTarget = z.infer<typeof CampaignTarget>;

/** What a channel's refusal says about the number: a rate limit, or a ban (the campaigns on it pause). */
export const SEND_SIGNALS = ['rate_limit', 'banned'] as const;
export type SendSignal = (typeof SEND_SIGNALS)[number];

/** The outcome of an outbound job, reported by the sender (session host or Graph worker): a ticket's message, or a campaign's recipient. */
export const SendResult = z.object({
  kind: z.literal('sent'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  /** The ticket's message sent (absent for a campaign send). */
  ticketId: z.number().int().positive().optional(),
  messageId: z.string().min(1).max(100).optional(),
  campaign: CampaignTarget.optional(),
  /** The failure was the channel's rate-limit or ban signal. */
  signal: z.enum(SEND_SIGNALS).optional(),
  chatId: Id,
  /** The channel's id of the sent message (how its echo and acks are recognised), when it was sent. */
  externalId: Id.optional(),
  /** Ids of further channel messages the send took (a Messenger/Instagram caption sent after its file): their echoes are the same message. */
  alsoExternalIds: z.array(Id).max(5).optional(),
  /** Set when the send failed (or, with `externalId`, went out only in part): shown on the message (ERR_SENDING_WAPP_MSG). */
  error: z.string().max(500).optional(),
  timestamp: z.number().int().positive(),
});
export type SendResult = z.infer<typeof SendResult>;
/** A send result's FIFO deduplication id: its message, or its campaign recipient and generation (the confirmation apart). */
export const sentDedupId = (r: Pick<SendResult, 'messageId' | 'campaign'>): string =>
  r.campaign ? `sent:camp:${r.campaign.campaignId}:${r.campaign.itemId}:${r.campaign.gen}${r.campaign.confirmation ? ':c' : ''}` : `sent:${r.messageId}`;

/**
 * What the API asks a running session to do besides sending (DESIGN.md "Channels": session
 * commands). Travels the outbound-session queue to the host holding the connection's lease; the
 * answer comes back on the inbound queue as a CommandResult. A command not started by
 * `deadline` (ms) is refused by the host, so a late host never acts on a request the API has
 * already reported as unanswered.
 */
/** Numbers a checkNumbers command carries at most. */
export const NUMBER_CHECK_BATCH = 50;

const CommandBase = z.object({
  kind: z.literal('command'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  /** The request item (group request) or the import job it answers. */
  requestId: z.string().uuid(),
  deadline: z.number().int().positive(),
});
export const SessionCommand = z.discriminatedUnion('command', [
  /** Creates a group with these participants (phone numbers, digits). */
  CommandBase.extend({ command: z.literal('createGroup'), subject: z.string().min(1).max(100), participants: z.array(z.string().regex(/^\d{8,20}$/)).min(1).max(256) }),
  /** Lists the people the session knows (its contacts and chats), for the chat import. */
  CommandBase.extend({ command: z.literal('listChats') }),
  /**
   * Asks the channel whether these numbers have an account (a contact list's 'WhatsApp-valid'
   * check): up to NUMBER_CHECK_BATCH items of one list, answered item by item.
   */
  CommandBase.extend({ command: z.literal('checkNumbers'), contactListId: z.number().int().positive(), items: z.array(z.object({ id: z.number().int().positive(), number: z.string().regex(/^\d{1,20}$/) })).min(1).max(NUMBER_CHECK_BATCH) }),
]);
export type SessionCommand = z.infer<typeof SessionCommand>;
export const SESSION_COMMANDS = ['createGroup', 'listChats', 'checkNumbers'] as const;
/** A number's answer: whether it has an account; null when the channel did not say. */
export type NumberCheck = { id: number; number: string; exists: boolean | null };

/** How a command's error starts when no connected session could run it (the API shows ERR_WAPP_NOT_INITIALIZED). */
export const SESSION_UNAVAILABLE = 'session unavailable';

/** The sandbox driver's auth-state item that says its phone is paired (the driver starts CONNECTED, no QR). */
export const SANDBOX_PAIRING_ITEM = 'sandbox-pairing';

/** A person the session knows (for POST /contacts/import/chats): a phone number and the name the channel gives. */
export type KnownChat = { number: string; name: string };

/**
 * A session command's outcome. `chatId` picks the FIFO group: a created group's jid (so the
 * group's first messages wait behind it), else `cmd:<requestId>`.
 */
export const CommandResult = z.object({
  kind: z.literal('command'),
  command: z.enum(SESSION_COMMANDS),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  requestId: z.string().uuid(),
  chatId: Id,
  /** createGroup: the group made on the channel. */
  group: z.object({ id: Id, subject: z.string().max(100) }).optional(),
  /** listChats: the list as a JSON file (KnownChat[]) in the media bucket, and its length. */
  chats: z.object({ key: z.string().max(1024), count: z.number().int().nonnegative() }).optional(),
  /** checkNumbers: the list asked about (also on an error) and each item's answer. */
  contactListId: z.number().int().positive().optional(),
  checked: z.array(z.object({ id: z.number().int().positive(), number: z.string().max(20), exists: z.boolean().nullable() })).max(NUMBER_CHECK_BATCH).optional(),
  /** Why the command failed (the session is down, the channel refused, it expired). */
  error: z.string().max(500).optional(),
  timestamp: z.number().int().positive(),
});
export type CommandResult = z.infer<typeof CommandResult>;

/**
 * A session's own signal (BEHAVIOUR.md "Campaigns"): the WhatsApp session closed because its number
 * is banned. The inbound worker pauses the connection's running campaigns and tells the admins.
 * `chatId` is `session` (the connection's own FIFO group for these).
 */
export const SessionSignal = z.object({
  kind: z.literal('signal'),
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  chatId: Id,
  signal: z.enum(SEND_SIGNALS),
  reason: z.string().max(500).default(''),
  timestamp: z.number().int().positive(),
});
export type SessionSignal = z.infer<typeof SessionSignal>;

export const InboundEnvelope = z.discriminatedUnion('kind', [InboundMessage, InboundUpdate, InboundWatermark, SendResult, CommandResult, SessionSignal]);
export type InboundEnvelope = z.infer<typeof InboundEnvelope>;

/**
 * A send the API asked for (the message is stored with ack 0 first), or a campaign's send
 * (`campaign`, no ticket and no message: the recipient is claimed instead).
 */
export const OutboundJob = z.object({
  companyId: z.number().int().positive(),
  whatsappId: z.number().int().positive(),
  /** The ticket's message (every job but a campaign's). */
  ticketId: z.number().int().positive().optional(),
  messageId: z.string().min(1).max(100).optional(),
  campaign: CampaignTarget.optional(),
  /**
   * WhatsApp Cloud API only: send this approved template instead of `body` (a campaign outside the
   * 24-hour window); `params` fill its body parameters, in order, already per recipient.
   */
  template: z.object({ name: z.string().min(1).max(512), language: z.string().min(2).max(15), params: z.array(z.string().max(1000)).max(20) }).optional(),
  chatId: Id,
  isGroup: z.boolean().default(false),
  /** `presence`: typing/recording shown to the customer; `body` holds the state (composing, recording, available). */
  action: z.enum(['send', 'react', 'edit', 'delete', 'read', 'presence']).default('send'),
  body: z.string().max(65_536).default(''),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  mediaKey: z.string().max(1024).optional(),
  mimetype: z.string().max(200).optional(),
  filename: z.string().max(300).optional(),
  quotedExternalId: Id.optional(),
  /** The message a reaction, edit or deletion is about; for a read receipt, the newest message read. */
  targetExternalId: Id.optional(),
  /**
   * The channel messages the action is about, with what a WhatsApp key needs besides the id: a
   * read receipt names every customer message read (newest first); a reaction its message.
   */
  targets: z.array(z.object({ externalId: Id, fromMe: z.boolean().default(false), participant: Id.optional() })).max(100).optional(),
  isForwarded: z.boolean().default(false),
  /**
   * Audio: whether it goes as a voice note ("gravado na hora", the flow builder's audio flag) or
   * as an audio file. Left out, an Ogg/Opus file is a voice note (the inbox's recordings).
   */
  voiceNote: z.boolean().optional(),
  /**
   * A campaign send's own message id (domain/campaigns/message-ref.ts): WhatsApp and the sandbox
   * send under it; the Cloud API, which assigns its own, carries it as `biz_opaque_callback_data`.
   */
  presetId: z.string().regex(/^3EB0[0-9A-F]{36}$/).optional(),
});
export type OutboundJob = z.infer<typeof OutboundJob>;
/** A ticket's job: its message named. */
export type TicketJob = OutboundJob & { ticketId: number; messageId: string };
export const isTicketJob = (j: OutboundJob): j is TicketJob => j.ticketId !== undefined && j.messageId !== undefined && !j.campaign;

/** The FIFO group of a chat: one ordered stream per company, connection and chat. */
export const chatGroupId = (companyId: number, whatsappId: number, chatId: string): string => `${companyId}#${whatsappId}#${chatId}`.slice(0, 128);

/**
 * Whether WhatsApp gets an audio job as a voice note: asked for (or not said), and Opus (in Ogg, or
 * in WebM as Chromium records the inbox's audio), the only codec WhatsApp plays as one. The session
 * host does not transcode, so an mp3 marked "gravado na hora" goes as an audio file.
 */
export const sendsAsVoiceNote = (job: Pick<OutboundJob, 'mediaType' | 'mimetype' | 'voiceNote'>): boolean =>
  job.mediaType === 'audio' && /ogg|opus/i.test(job.mimetype ?? '') && job.voiceNote !== false;
