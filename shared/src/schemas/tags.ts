/**
 * Tags and lanes (spec 3 "Tags list", "Lanes screen", "Campaign kanban board", "Tickets by tag",
 * §3 Tag, §4 "Kanban move between lanes", §5, §7 "Queues and tags"; BEHAVIOUR.md "Lanes,
 * schedules and open-by-phone"). A lane is a tag with `kanban` 1; its campaign (`actCamp`) sends
 * `msgR` (and its media) to a ticket's contact moved into it, at 18:01–18:30, every `rptDays`.
 */
import { z } from 'zod';
import { PageQuery } from './common';
import { MediaRef } from './messages';

const Id = z.coerce.number().int().positive().max(2 ** 40);
/** Spec 3 §9: recurrence 0 to 30 days (0 = no repeat). */
export const LANE_MAX_REPEAT_DAYS = 30;
/** The 'Em aberto' lane: tickets without a lane tag. */
export const OPEN_LANE = 0;

/** `#rgb`, `#rrggbb` or `#rrggbbaa`, stored lower-cased (the colour picker's hex value). */
export const HexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Cor inválida')
  .transform((c) => c.toLowerCase());

/** Spec 3 §5: required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'). */
export const TagName = z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').min(3, 'Mensagem muito curta').max(50, 'Too Long!');

export const TagRecord = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  /** 0 a tag, 1 a lane of the kanban board. */
  kanban: z.number(),
  userId: z.number().nullable(),
  /** How many tickets carry it (kept with every ticket-tag write). */
  ticketsCount: z.number(),
  /** The lane's campaign: 1 on, 0 off. */
  actCamp: z.number(),
  /** The campaign's message. */
  msgR: z.string(),
  /** Days between the campaign's sends, 0 = once. */
  rptDays: z.number(),
  mediaName: z.string().nullable(),
  mimetype: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagRecord = z.infer<typeof TagRecord>;
export type TagsPage = { tags: TagRecord[]; hasMore: boolean; cursor?: string };
/** GET /tags/kanban (spec 3 §7: response `lista`): the company's lanes, oldest first. */
export type LanesList = { lista: TagRecord[] };

/** GET /tags: searchParam (name, case and accents aside), pageNumber or cursor, kanban 0/1. */
export const ListTagsQuery = PageQuery.extend({
  searchParam: z.string().max(200).optional(),
  kanban: z.coerce.number().int().min(0).max(1).optional(),
});

const CampaignFields = {
  actCamp: z.coerce.number().int().min(0).max(1).optional(),
  msgR: z.string().max(4096, 'Too Long!').optional(),
  rptDays: z.coerce.number().int().min(0).max(LANE_MAX_REPEAT_DAYS).optional(),
};
/**
 * POST /tags (spec 3 §7: name, color, userId, kanban). `userId` is the caller's, whatever is sent.
 * `media`: the lane campaign's file, an upload of the company (as POST /tags/{id}/media-upload), so a
 * campaign with a file and no message is saved in one call.
 */
export const TagBody = z
  .object({ name: TagName, color: HexColor, userId: z.union([Id, z.null()]).optional(), kanban: z.coerce.number().int().min(0).max(1).default(0), ...CampaignFields, media: MediaRef.optional() })
  .strict();
export type TagBody = z.infer<typeof TagBody>;
/** PUT /tags/{id}: only the fields sent change (name, color, kanban, and the lane's msgR, rptDays, actCamp; `media` null removes the file). */
export const UpdateTagBody = z
  .object({ name: TagName, color: HexColor, userId: z.union([Id, z.null()]), kanban: z.coerce.number().int().min(0).max(1), ...CampaignFields, media: MediaRef.nullable() })
  .partial()
  .strict();
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;
/** A lane's campaign switched on must have something to send: its message or its file (the dialog and the server). */
export const campaignHasNothingToSend = (t: { actCamp?: number; msgR?: string }, hasMedia: boolean): boolean => t.actCamp === 1 && !(t.msgR ?? '').trim() && !hasMedia;

/** POST /tags/{id}/media-upload: an upload of the company (POST /messages/upload, then its presigned PUT). */
export const TagMediaBody = MediaRef;

/** A card of the board (spec 3 §3 "Kanban ticket"). */
export const KanbanCard = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  laneId: z.number(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string(), email: z.string() }),
  lastMessage: z.string(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  updatedAt: z.string(),
});
export type KanbanCard = z.infer<typeof KanbanCard>;

/**
 * GET /ticket/kanban: one lane's page of cards (`laneId` 0 = 'Em aberto'); without `laneId`, the
 * first page of every lane. `queueIds` (JSON list or comma separated) keeps the cards of those queues.
 */
export const KanbanQuery = z.object({
  laneId: z.coerce.number().int().min(0).max(2 ** 40).optional(),
  queueIds: z
    .preprocess((v) => {
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s === '') return [];
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return v;
        }
      }
      return s.split(',');
    }, z.array(Id).max(200))
    .optional(),
  /** Spec 3 §7's flag; accepted and ignored. */
  teste: z.string().max(10).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type KanbanQuery = z.infer<typeof KanbanQuery>;
export type KanbanLanePage = { laneId: number; cards: KanbanCard[]; hasMore: boolean; cursor?: string };
export type KanbanBoard = { lanes: KanbanLanePage[]; tickets: KanbanCard[] };

/** POST /ticket/kanban/{ticketId}/move: the lane to move the card to (0 = 'Em aberto'). */
export const KanbanMoveBody = z.object({ laneId: z.number().int().min(0).max(2 ** 40) }).strict();
export const KanbanMoveParams = z.object({ ticketId: Id });

/**
 * What a lane move did to the contact's lane campaign (spec 3 §4): started (after `replaced` ones
 * of other lanes were deleted), kept (already in progress), cleared, or none. The SPA words spec 3
 * §8's toasts for it in the user's language (web features/kanban/lib/campaign-toasts.ts).
 */
export type LaneCampaignOutcome =
  | { kind: 'none' }
  | { kind: 'started'; campaign: number; contactName: string; scheduleId: number; sendAt: string; replaced: number[] }
  | { kind: 'kept'; campaign: number; contactName: string }
  | { kind: 'cleared'; removed: number };
export type KanbanMoveResult = { card: KanbanCard; fromLaneId: number; campaign: LaneCampaignOutcome };

/** GET /api/ticket/ListByTagIsAuth/{tagId}: the tickets carrying the tag that the caller may see. */
export const TagIdParam = z.object({ tagId: Id });
export type TicketByTag = { id: number; uuid: string; status: string; contact: { id: number; name: string; number: string; email: string } };
