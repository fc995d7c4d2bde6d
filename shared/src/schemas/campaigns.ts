/**
 * Bulk campaigns (spec 3 "Campaigns page", §3 Campaign and Campaign settings, §4 "Campaign status",
 * §5, §7 "Campaigns", §9; BEHAVIOUR.md "Campaigns"): one message, in up to 5 variants, sent to every
 * item of a contact list through one connection, paced so the number is not banned. Each
 * recipient is staged once (keyed by campaign and list item) with its variant and planned time;
 * the report reads the recipients and the campaign's counters.
 */
import { z } from 'zod';
import { foldText } from '../text';
import { PageQuery } from './common';

const Id = z.number().int().positive().max(2 ** 40);
const required = { error: (iss: { input: unknown }) => (iss.input === undefined ? 'Obrigatório' : undefined) };

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Message variants and confirmation variants (spec 3 §9: 5 of each). */
export const CAMPAIGN_VARIANTS = 5;
export const CAMPAIGN_MESSAGE_MAX = 4096;
export const MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const CONFIRMATION_FIELDS = ['confirmationMessage1', 'confirmationMessage2', 'confirmationMessage3', 'confirmationMessage4', 'confirmationMessage5'] as const;

/** Spec 3 §5: campaign media png, jpg, jpeg, mp4, mp3, ogg (the schedules' set; content checked on the server). */
export { SCHEDULE_MEDIA_ACCEPT as CAMPAIGN_MEDIA_ACCEPT, isScheduleMedia as isCampaignMedia, scheduleMediaType as campaignMediaType } from './schedules';

/**
 * A recipient's state, live in the report (BEHAVIOUR.md "Campaigns"). `pending` = staged, not
 * sent yet (a cancelled campaign's unsent stay pending; a restart sends them); `invalid` = the
 * number has no account on the channel (skipped and counted); `opted_out` = the number said
 * sair/parar/stop/cancelar to a campaign of the company.
 */
export const RECIPIENT_STATUSES = ['pending', 'confirmation_requested', 'confirmed', 'sent', 'delivered', 'read', 'failed', 'opted_out', 'invalid'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The words that opt a number out of every future campaign of its company (compared trimmed, lower-cased, accents aside). */
export const OPT_OUT_WORDS = ['sair', 'parar', 'stop', 'cancelar'] as const;
export const isOptOutWord = (text: string): boolean =>
  (OPT_OUT_WORDS as readonly string[]).includes(foldText(text).replace(/[.!]+$/, ''));

/** Spec 3 §9: the settings' options and defaults (seconds, messages, seconds). */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60, 120, 180, 300] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 25, 30] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 20, 30, 40, 50, 60, 80, 100, 120] as const;
/** The per-connection daily cap of campaign sends (BEHAVIOUR.md: a setting, default 1,000). */
export const DEFAULT_DAILY_CAP = 1000;
export const DAILY_CAP_MAX = 100_000;

const oneOf = <T extends readonly number[]>(options: T) => z.coerce.number().refine((n) => (options as readonly number[]).includes(n), 'Opção inválida');

/** A custom variable: a shortcut `{key}` the messages may use, filled with `value`. */
export const CampaignVariable = z
  .object({
    key: z
      .string()
      .trim()
      .min(1, 'Obrigatório')
      .max(40)
      .regex(/^[\p{L}\p{N}_-]+$/u, 'Use letras, números, _ ou -'),
    value: z.string().max(1000),
  })
  .strict();
export type CampaignVariable = z.infer<typeof CampaignVariable>;

/** The built-in variables a message may use (spec 3 §9: name, number, email), besides the custom ones. */
export const CAMPAIGN_BUILTIN_VARIABLES = ['nome', 'numero', 'email'] as const;

export const CampaignSettings = z
  .object({
    messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
    longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_OPTIONS),
    greaterInterval: oneOf(GREATER_INTERVAL_OPTIONS),
    variables: z.array(CampaignVariable).max(50),
    dailyCap: z.coerce.number().int().min(1).max(DAILY_CAP_MAX),
  })
  .strict();
export type CampaignSettings = z.infer<typeof CampaignSettings>;
export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [], dailyCap: DEFAULT_DAILY_CAP };
/** POST /campaign-settings: `{ settings }` with any of the keys (the rest keep their value). */
export const CampaignSettingsBody = z.object({ settings: CampaignSettings.partial() }).strict();

/** A variable shortcut is added only if its key is not already present (spec 3 §5). */
export const addVariable = (list: readonly CampaignVariable[], v: CampaignVariable): CampaignVariable[] => (list.some((x) => x.key === v.key) ? [...list] : [...list, v]);

/**
 * A WhatsApp Cloud API campaign sends one of the connection's approved templates (BEHAVIOUR.md:
 * outside the 24-hour window only templates go out); each of its body parameters, in order, is
 * filled from a variable (`nome`, `numero`, `email`, a custom key) or a fixed text.
 */
export const CampaignTemplate = z
  .object({
    name: z.string().min(1).max(512),
    language: z.string().min(2).max(15),
    params: z.array(z.object({ variable: z.string().max(40).optional(), text: z.string().max(1000).optional() }).strict()).max(20).default([]),
  })
  .strict();
export type CampaignTemplate = z.infer<typeof CampaignTemplate>;

/** A template as listed from the Graph API (GET /campaigns/templates?whatsappId=). */
export const WhatsappTemplateView = z.object({ name: z.string(), language: z.string(), status: z.string(), category: z.string(), body: z.string(), paramCount: z.number() });
export type WhatsappTemplateView = z.infer<typeof WhatsappTemplateView>;

/** Spec 3 §5: name 2 to 50 ('Muito curto!', 'Muito longo!', 'Obrigatório'). */
const CampaignName = z.string(required).trim().min(1, 'Obrigatório').min(2, 'Muito curto!').max(50, 'Muito longo!');
const Message = z.string().max(CAMPAIGN_MESSAGE_MAX, 'Muito longo!');
/** Spec 3 §5: sent as `YYYY-MM-DD HH:mm:ss` in the company's time zone; an empty string is null. */
export const ScheduledAt = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'Data inválida')
    .nullable(),
);
const OptionalId = z.preprocess((v) => (v === '' ? null : v), Id.nullable());

/** The dialog's fields, without defaults (an edit changes only what it sends). */
const CampaignFields = {
  name: CampaignName,
  message1: Message,
  message2: Message,
  message3: Message,
  message4: Message,
  message5: Message,
  confirmationMessage1: Message,
  confirmationMessage2: Message,
  confirmationMessage3: Message,
  confirmationMessage4: Message,
  confirmationMessage5: Message,
  confirmation: z.boolean(),
  scheduledAt: ScheduledAt,
  whatsappId: OptionalId,
  contactListId: OptionalId,
  template: CampaignTemplate.nullable(),
  /** Ignored (the caller's company). */
  companyId: z.unknown().optional(),
  /** Ignored (the server decides the status). */
  status: z.unknown().optional(),
};

export const CampaignBody = z
  .object({
    ...CampaignFields,
    ...Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, Message.default('')])) as Record<(typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number], z.ZodDefault<typeof Message>>,
    confirmation: CampaignFields.confirmation.default(false),
    scheduledAt: CampaignFields.scheduledAt.default(null),
    whatsappId: CampaignFields.whatsappId.default(null),
    contactListId: CampaignFields.contactListId.default(null),
    template: CampaignFields.template.default(null),
  })
  .strict();
export type CampaignBody = z.infer<typeof CampaignBody>;
/** PUT /campaigns/{id}: only the fields sent change. */
export const UpdateCampaignBody = z.object(CampaignFields).partial().strict();
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBody>;

/** The non-empty variants of a campaign, in order (the sender picks one at random per recipient). */
export const variantsOf = (c: Partial<Record<(typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number], string>>, kind: 'message' | 'confirmation'): string[] =>
  (kind === 'message' ? MESSAGE_FIELDS : CONFIRMATION_FIELDS).map((f) => c[f] ?? '').filter((m) => m.trim() !== '');

/** Live counters (BEHAVIOUR.md: valid, delivered, confirmation requested, confirmed; and the rest for the progress bar). */
export const CampaignCounts = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  optedOut: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;
export const EMPTY_COUNTS: CampaignCounts = { total: 0, valid: 0, invalid: 0, pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, optedOut: 0, confirmationRequested: 0, confirmed: 0 };

const Text = z.string();
export const CampaignView = z.object({
  id: z.number(),
  name: z.string(),
  message1: Text,
  message2: Text,
  message3: Text,
  message4: Text,
  message5: Text,
  confirmationMessage1: Text,
  confirmationMessage2: Text,
  confirmationMessage3: Text,
  confirmationMessage4: Text,
  confirmationMessage5: Text,
  status: z.enum(CAMPAIGN_STATUSES),
  confirmation: z.boolean(),
  /** ISO instant. */
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  whatsappId: z.number().nullable(),
  contactListId: z.number().nullable(),
  companyId: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  template: CampaignTemplate.nullable(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.string() }).nullable(),
  /** Why the sender paused it (a ban or rate signal from the channel), until a restart. */
  pausedReason: z.string().nullable(),
  counts: CampaignCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignView = z.infer<typeof CampaignView>;
export type CampaignsPage = { records: CampaignView[]; hasMore: boolean; cursor?: string };
export const ListCampaignsQuery = PageQuery.extend({ searchParam: z.string().max(200).optional() }).strict();

/** One row of the report's per-recipient table (and of its CSV). */
export const RecipientView = z.object({
  itemId: z.number(),
  name: z.string(),
  number: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why it failed or was skipped. */
  reason: z.string().nullable(),
  /** Which variant (1–5) it got. */
  variant: z.number().nullable(),
  plannedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type RecipientView = z.infer<typeof RecipientView>;
export type RecipientsPage = { recipients: RecipientView[]; hasMore: boolean; cursor?: string };
export const ListRecipientsQuery = PageQuery.extend({ status: z.enum(RECIPIENT_STATUSES).optional() }).strict();
/**
 * GET /campaigns/{id}/report.csv answers the CSV itself (text/csv) up to 5 MB; a bigger report is
 * this JSON instead: a link (10 minutes) to the CSV in storage.
 */
export type ReportDownload = { url: string; filename: string };
/** GET /campaigns/templates?whatsappId= */
export const TemplatesQuery = z.object({ whatsappId: z.coerce.number().int().positive().max(2 ** 40) }).strict();

/**
 * Spec 3 §4: editable only when INATIVA, or PROGRAMADA more than an hour ahead; otherwise
 * read-only, except CANCELADA, where the messages (and the submit) stay enabled.
 */
export type CampaignEditability = 'all' | 'messages' | 'none';
export function campaignEditability(c: Pick<CampaignView, 'status' | 'scheduledAt'>, now = Date.now()): CampaignEditability {
  if (c.status === 'INATIVA') return 'all';
  if (c.status === 'PROGRAMADA') return c.scheduledAt && Date.parse(c.scheduledAt) - now > 3_600_000 ? 'all' : 'none';
  if (c.status === 'CANCELADA') return 'messages';
  return 'none';
}
