/**
 * Tickets (spec 1 §3, §4, §7): the wire shape every screen and realtime event uses, and the
 * request schemas of /tickets, /ticket-tags, /tags and /creatGroupAndTicket.
 */
import { z } from 'zod';
import { SearchPageQuery } from './common';
import { TicketFlowView } from './flow-state';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];

const Id = z.coerce.number().int().positive().max(2 ** 40);
const IdOrNull = z.union([Id, z.null()]);
/** Lists in a query string arrive as JSON (`[1,2]`) or comma separated (`1,2`). */
const IdList = z.preprocess((v) => {
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
}, z.array(Id).max(200));
const Bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

export const TagView = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagView = z.infer<typeof TagView>;
export const TicketContactView = z.object({ id: z.number(), name: z.string(), number: z.string(), email: z.string(), profilePicUrl: z.string(), isGroup: z.boolean(), channel: z.string() });
export type TicketContactView = z.infer<typeof TicketContactView>;

/** What GET /tickets, GET /tickets/{id}, /tickets/u/{uuid} and the ticket events carry. */
export const TicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  contactId: z.number(),
  contact: TicketContactView,
  whatsappId: z.number(),
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.string() }).nullable(),
  channel: z.string(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** When the customer last wrote: the 24-hour window of the non-WhatsApp channels. */
  lastInboundAt: z.string().nullable(),
  unreadMessages: z.number(),
  tags: z.array(TagView),
  /** Its lane on the kanban board (a lane tag's id), 0 = 'Em aberto'. */
  laneId: z.number().optional(),
  queuedAt: z.string(),
  acceptedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The flow the ticket is inside (BEHAVIOUR.md "Flows": the agent sees which flow and node, and may stop it); null when none. */
  flow: TicketFlowView.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketView = z.infer<typeof TicketView>;

/** Badge counts of the list tabs (spec 1 §2: open and group, each assigned and pending). */
export type TicketCounts = { open: number; pending: number; groupOpen: number; groupPending: number };

/** GET /tickets (spec 1 §7). `status` absent = the search tab (all statuses). */
export const ListTicketsQuery = SearchPageQuery.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  tags: IdList.optional(),
  users: IdList.optional(),
  queueIds: IdList.optional(),
  /** Day the ticket was last updated (yyyy-MM-dd). */
  date: IsoDate.optional(),
  updatedAt: IsoDate.optional(),
  showAll: Bool.optional(),
  withUnreadMessages: Bool.optional(),
  isGroup: Bool.optional(),
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuery>;
/** `counts` (the tab badges) comes with a list's first page (no cursor); a search page (`searchParam`) has none. */
export type TicketsPage = { tickets: TicketView[]; hasMore: boolean; cursor?: string; count?: number; counts?: TicketCounts };

export const TicketUuidParam = z.object({ uuid: z.string().uuid() });

/** POST /tickets: a new open ticket for a known contact (or reopen its last one). */
export const CreateTicketBody = z
  .object({
    contactId: Id,
    queueId: IdOrNull.optional(),
    whatsappId: Id.optional(),
    userId: IdOrNull.optional(),
    status: z.enum(['open', 'pending']).default('open'),
  })
  .strict();
export type CreateTicketBody = z.infer<typeof CreateTicketBody>;

/**
 * PUT /tickets/{id}: one transition (spec 1 §4, BEHAVIOUR.md "Agent actions"): accept
 * (status open, userId self), return to queue (status pending), transfer (userId / queueId /
 * whatsappId), close (status closed with sendFarewellMessage or justClose), reopen (status open
 * on a closed ticket).
 */
export const UpdateTicketBody = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    userId: IdOrNull.optional(),
    queueId: IdOrNull.optional(),
    whatsappId: Id.optional(),
    justClose: z.boolean().optional(),
    sendFarewellMessage: z.boolean().optional(),
    amountUsedBotQueues: z.number().int().min(0).max(1000).optional(),
    isBot: z.boolean().optional(),
  })
  .strict();
export type UpdateTicketBody = z.infer<typeof UpdateTicketBody>;

export const PRESENCES = ['composing', 'recording', 'available'] as const;
export const PresenceBody = z.object({ presence: z.enum(PRESENCES), whatsappId: Id.optional() }).strict();

/** POST /creatGroupAndTicket ('Todos os campos são obrigatórios'). */
export const CreateGroupBody = z
  .object({
    contactsAddGroup: z.array(Id).min(1).max(256),
    titleGroup: z.string().trim().min(1).max(100),
    queueId: Id,
    whatsappId: Id,
    userId: IdOrNull.optional(),
    status: z.enum(['open', 'pending']).default('open'),
  })
  .strict();

/**
 * POST /creatGroupAndTicket answers 202 with this, and GET /creatGroupAndTicket/{requestId}
 * follows it: the session host makes the group, then the group's ticket is created (`done`, with
 * its id and uuid to open). `failed`: `error` is a catalogue code (ERR_WAPP_NOT_INITIALIZED when
 * no session answered, ERR_GROUP_CREATE_FAILED when the channel refused) and `reason` the
 * channel's words.
 */
export type GroupRequestView = { requestId: string; status: 'pending' | 'done' | 'failed'; ticketId?: number; uuid?: string; error?: string; reason?: string };
export const GroupRequestParam = z.object({ requestId: z.string().uuid() });

export const TicketTagParams = z.object({ ticketId: Id, tagId: Id });
export const TicketIdOnlyParam = z.object({ ticketId: Id });
export const TagsSyncBody = z.object({ ticketId: Id, tags: z.array(z.object({ id: Id }).passthrough()).max(100) }).strict();
export const TagsListQuery = z.object({ kanban: z.coerce.number().int().min(0).max(1).optional() });

export const TICKET_EVENT_ACTIONS = ['update', 'delete', 'updateUnread', 'removeFromList'] as const;
