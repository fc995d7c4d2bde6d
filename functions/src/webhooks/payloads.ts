/**
 * The webhook payloads Meta sends, as zod schemas: strict on the fields we read, loose (unknown
 * fields kept) everywhere else, so a new field Meta adds never turns a delivery into a 400.
 *   - WhatsApp Cloud API: `object: "whatsapp_business_account"`, entry[].changes[].value
 *   - Messenger: `object: "page"`, entry[].messaging[]
 *   - Instagram: `object: "instagram"`, entry[].messaging[]
 */
import { z } from 'zod';

const Id = z.string().min(1).max(200);
const Text = z.string().max(65_536);
/** Unix seconds as Meta writes them in the Cloud API ("1710000000"). */
const Seconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform((v) => Number(v));

const CloudMedia = z.looseObject({ id: Id, mime_type: z.string().max(200).optional(), caption: Text.optional(), filename: z.string().max(300).optional(), sha256: z.string().optional() });

const Field = z.string().max(500).optional();
/** A shared contact card as the Cloud API describes it (messages webhook, `type: contacts`). */
const CloudContactCard = z.looseObject({
  name: z.looseObject({ formatted_name: Field, first_name: Field, last_name: Field, middle_name: Field, prefix: Field, suffix: Field }).optional(),
  phones: z.array(z.looseObject({ phone: z.string().max(100).optional(), wa_id: z.string().max(100).optional(), type: z.string().max(50).optional() })).max(100).optional(),
  emails: z.array(z.looseObject({ email: Field, type: z.string().max(50).optional() })).max(100).optional(),
  org: z.looseObject({ company: Field, department: Field, title: Field }).optional(),
  addresses: z.array(z.looseObject({ street: Field, city: Field, state: Field, zip: Field, country: Field, country_code: Field, type: z.string().max(50).optional() })).max(100).optional(),
  urls: z.array(z.looseObject({ url: z.string().max(2000).optional(), type: z.string().max(50).optional() })).max(100).optional(),
  birthday: z.string().max(20).optional(),
});

export const CloudMessage = z.looseObject({
  id: Id,
  from: Id,
  timestamp: Seconds,
  type: z.string().min(1).max(50),
  context: z.looseObject({ id: Id.optional(), from: z.string().optional() }).optional(),
  text: z.looseObject({ body: Text }).optional(),
  image: CloudMedia.optional(),
  audio: CloudMedia.optional(),
  video: CloudMedia.optional(),
  document: CloudMedia.optional(),
  sticker: CloudMedia.optional(),
  location: z.looseObject({ latitude: z.number(), longitude: z.number(), name: z.string().max(1000).optional(), address: z.string().max(1000).optional() }).optional(),
  contacts: z.array(CloudContactCard).max(100).optional(),
  reaction: z.looseObject({ message_id: Id, emoji: z.string().max(32).optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string().max(50),
      button_reply: z.looseObject({ id: z.string().max(256), title: z.string().max(1000) }).optional(),
      list_reply: z.looseObject({ id: z.string().max(256), title: z.string().max(1000), description: z.string().max(1000).optional() }).optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string().max(1000), payload: z.string().max(1000).optional() }).optional(),
});
export type CloudMessage = z.infer<typeof CloudMessage>;

export const CloudStatus = z.looseObject({
  id: Id,
  status: z.string().min(1).max(50),
  timestamp: Seconds,
  recipient_id: Id,
  /** What the send attached (a campaign's message id, domain/campaigns/message-ref.ts). */
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().max(1000).optional(), message: z.string().max(1000).optional() })).max(20).optional(),
});

export const CloudValue = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ phone_number_id: Id, display_phone_number: z.string().max(50).optional() }),
  contacts: z.array(z.looseObject({ wa_id: Id, profile: z.looseObject({ name: z.string().max(1000).optional() }).optional() })).max(1000).optional(),
  messages: z.array(CloudMessage).max(1000).optional(),
  statuses: z.array(CloudStatus).max(1000).optional(),
});
export type CloudValue = z.infer<typeof CloudValue>;

export const CloudPayload = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        id: Id,
        changes: z.array(z.looseObject({ field: z.string().max(100), value: z.unknown() })).max(1000),
      }),
    )
    .max(1000),
});

const Attachment = z.looseObject({
  type: z.string().min(1).max(50),
  payload: z.looseObject({ url: z.string().max(4096).optional(), title: z.string().max(1000).optional(), coordinates: z.looseObject({ lat: z.number(), long: z.number() }).optional() }).nullish(),
});

/** Messenger and Instagram deliver the same event shape. Timestamps are milliseconds. */
export const MessagingEvent = z.looseObject({
  sender: z.looseObject({ id: Id }),
  recipient: z.looseObject({ id: Id }),
  timestamp: z.number().int().nonnegative().optional(),
  message: z
    .looseObject({
      mid: Id,
      text: Text.optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      reply_to: z.looseObject({ mid: Id.optional() }).optional(),
      quick_reply: z.looseObject({ payload: z.string().max(1000).optional() }).optional(),
      attachments: z.array(Attachment).max(50).optional(),
    })
    .optional(),
  delivery: z.looseObject({ mids: z.array(Id).max(1000).optional(), watermark: z.number().optional() }).optional(),
  read: z.looseObject({ mid: Id.optional(), watermark: z.number().optional() }).optional(),
  reaction: z.looseObject({ mid: Id, action: z.string().max(20).optional(), emoji: z.string().max(32).optional(), reaction: z.string().max(50).optional() }).optional(),
  message_edit: z.looseObject({ mid: Id, text: Text.optional() }).optional(),
  postback: z.looseObject({ mid: Id.optional(), title: z.string().max(1000).optional(), payload: z.string().max(1000).optional() }).optional(),
});
export type MessagingEvent = z.infer<typeof MessagingEvent>;

export const MessagingPayload = z.looseObject({
  object: z.enum(['page', 'instagram']),
  entry: z
    .array(
      z.looseObject({
        id: Id,
        time: z.number().optional(),
        messaging: z.array(MessagingEvent).max(1000).optional(),
      }),
    )
    .max(1000),
});
export type MessagingPayload = z.infer<typeof MessagingPayload>;
