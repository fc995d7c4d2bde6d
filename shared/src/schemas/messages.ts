/** Messages (spec 1 §3, §4, §7): the wire shape and the request schemas of /messages. */
import { z } from 'zod';
import { MEDIA_TYPES } from '../channels';
import { UPLOAD_LIMIT_BYTES } from '../constants';

const Id = z.coerce.number().int().positive().max(2 ** 40);
export const TicketIdParam = z.object({ ticketId: Id });
/**
 * Message ids are time-sortable strings unique within their ticket (functions/src/adapters/db/
 * messages.ts). Routes with a bare `{id}` (edit, delete, transcription) take the message's ref,
 * `<ticketId>_<id>`, so the server finds the message without an index.
 */
export const messageRef = (m: { ticketId: number; id: string }): string => `${m.ticketId}_${m.id}`;
export const MessageIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,13}_[A-Za-z0-9_-]{1,64}$/, 'ticketId_messageId')
    .transform((ref) => {
      const i = ref.indexOf('_');
      return { ticketId: Number(ref.slice(0, i)), messageId: ref.slice(i + 1) };
    }),
});

export const MIN_AUDIO_BYTES = 10_000;

const MediaTypeOrNull = z.enum(MEDIA_TYPES).nullable();

export const QuotedMessageView = z.object({ id: z.string(), body: z.string(), fromMe: z.boolean(), mediaType: MediaTypeOrNull, contactName: z.string().nullable() });
export type QuotedMessageView = z.infer<typeof QuotedMessageView>;

export const MessageView = z.object({
  id: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: MediaTypeOrNull,
  /** A short-lived URL of the stored media (GET as a blob). */
  mediaUrl: z.string().nullable(),
  mimetype: z.string().nullable(),
  filename: z.string().nullable(),
  quotedMsg: QuotedMessageView.nullable(),
  ack: z.number(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  read: z.boolean(),
  /** The sender inside a group. */
  participant: z.object({ id: z.string(), name: z.string() }).nullable(),
  reactions: z.array(z.object({ emoji: z.string(), from: z.string(), fromMe: z.boolean() })),
  /** Why a send failed (shown on the message). */
  error: z.string().nullable(),
  userId: z.number().nullable(),
  /** The text of an audio message, once transcribed (POST /messages/transcription/{id}). */
  transcription: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageView = z.infer<typeof MessageView>;
/** `messages` in chronological order (oldest first) within the page; `cursor` pages towards older messages. */
export type MessagesPage = { messages: MessageView[]; hasMore: boolean; cursor?: string; ticket?: unknown };

/** GET /messages/{ticketId}: newest page first; `cursor` pages towards older messages. */
export const ListMessagesQuery = z.object({
  cursor: z.string().max(2048).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** A file uploaded by presigned URL, then referenced by its key. */
export const MediaRef = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9/_.-]{1,512}$/),
    filename: z.string().trim().min(1).max(255),
    mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(127),
  })
  .strict();

/** POST /messages/{ticketId}: text, media (body = caption), quoted reply, forward. */
export const SendMessageBody = z
  .object({
    body: z.string().trim().max(4096, 'Too Long!').default(''),
    media: MediaRef.optional(),
    quotedMsgId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    isForwarded: z.boolean().default(false),
    /** Forwarding: the ref (`<ticketId>_<id>`) of the message whose text and media are sent. */
    forwardOf: z.string().regex(/^\d{1,13}_[A-Za-z0-9_-]{1,64}$/).optional(),
  })
  .strict()
  .refine((b) => b.body.length > 0 || b.media !== undefined || b.forwardOf !== undefined, { message: 'Required', path: ['body'] });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/**
 * What may be uploaded (messages, quick replies, the contacts import): images, audio, video, PDF,
 * office documents, plain text, CSV and zip.
 */
const ALLOWED_EXACT = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'text/plain',
  'text/csv',
  'application/csv',
  'application/zip',
  'application/x-zip-compressed',
]);
export const isUploadTypeAllowed = (mimetype: string): boolean => {
  const m = mimetype.toLowerCase().split(';')[0]!.trim();
  return /^(image|audio|video)\/[\w.+-]+$/.test(m) ? m !== 'image/svg+xml' : ALLOWED_EXACT.has(m);
};

/** POST /messages/upload: where to PUT a file before sending it (20 MB, type checked). */
export const UploadRequestBody = z
  .object({
    filename: z.string().trim().min(1).max(255),
    mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(127),
    size: z.number().int().min(1).max(UPLOAD_LIMIT_BYTES),
  })
  .strict();
export type UploadTicket = { key: string; url: string; headers: Record<string, string>; expiresAt: string };

/** POST /messages/edit/{id} and PUT /messages/{id}: own messages, non-empty text. */
export const EditMessageBody = z.object({ body: z.string().trim().min(1, 'Required').max(4096, 'Too Long!') }).passthrough();

/** The sender the company account's reactions are stored under (the agent's, and our own echoed back by WhatsApp). */
export const OWN_REACTION = 'me';

/** One emoji (a single grapheme: flags, skin tones and joined sequences count as one), or '' for none. */
export const isReactionEmoji = (s: string): boolean => {
  if (s === '') return true;
  if ([...new Intl.Segmenter().segment(s)].length !== 1) return false;
  return /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(s) && !/[\p{L}\s]/u.test(s);
};
/** POST /messages/{id}/react: the agent's reaction to the message; an empty emoji removes it. */
export const ReactBody = z.object({ emoji: z.string().max(32, 'Too Long!').refine(isReactionEmoji, 'one emoji, or empty to remove') }).strict();
export type ReactBody = z.infer<typeof ReactBody>;

/** POST /messages/transcription/{id}: the text, and the message carrying it. */
export type TranscriptionResult = { transcription: string; message: MessageView };

export const MessagesAllMeQuery = z
  .object({ fromMe: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(), dateStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(), dateEnd: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() })
  .strict();
export type MessagesAllMe = { count: { fromMe: boolean; total: number }[] };
