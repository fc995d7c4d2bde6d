/**
 * Queues (sectors), their chatbot option trees and working hours: spec 2 "Queue modal", §3
 * Queue / Chatbot option / Schedule entry, §5 validation; spec 3 "Queues list".
 */
import { z } from 'zod';
import { TimeHHMM } from './common';

/** The seven weekdays, in the order the service-hours tabs list them (spec 2 §3 Schedule entry). */
export const WEEKDAYS = [
  { weekdayEn: 'monday', weekday: 'Segunda-feira' },
  { weekdayEn: 'tuesday', weekday: 'Terça-feira' },
  { weekdayEn: 'wednesday', weekday: 'Quarta-feira' },
  { weekdayEn: 'thursday', weekday: 'Quinta-feira' },
  { weekdayEn: 'friday', weekday: 'Sexta-feira' },
  { weekdayEn: 'saturday', weekday: 'Sábado' },
  { weekdayEn: 'sunday', weekday: 'Domingo' },
] as const;
export type WeekdayEn = (typeof WEEKDAYS)[number]['weekdayEn'];

/**
 * One weekday's working hours. Empty start and end = closed all day; end before start spans
 * midnight. Times are the company's local time (America/Sao_Paulo, as the dashboard's days).
 */
export const ScheduleEntry = z
  .object({
    weekday: z.string().max(20),
    weekdayEn: z.enum(WEEKDAYS.map((w) => w.weekdayEn) as [WeekdayEn, ...WeekdayEn[]]),
    startTime: z.union([TimeHHMM, z.literal('')]),
    endTime: z.union([TimeHHMM, z.literal('')]),
  })
  .strict();
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;
/** At most one entry per weekday. */
export const Schedules = z
  .array(ScheduleEntry)
  .max(7)
  .refine((s) => new Set(s.map((e) => e.weekdayEn)).size === s.length, 'one entry per weekday');

/** PUT /companies/{id}/schedules (spec 2 §7): the company's hours, used when scheduleType is company. */
export const CompanySchedulesBody = z.object({ id: z.coerce.number().int().positive().optional(), schedules: Schedules }).strict();

// ---- chatbot option trees -------------------------------------------------------------------

export const ChatbotOptionView = z.object({
  id: z.number(),
  queueId: z.number(),
  /** null for a first-level option. */
  parentId: z.number().nullable(),
  name: z.string(),
  /** The option's text, or for optionType file the file's name (spec 2 §3). */
  greetingMessage: z.string(),
  optionType: z.enum(['text', 'file']),
  /** A file option's stored media (POST /queue-options/{id}/file). */
  mediaKey: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** The stored file's type (what a send of it names), with mediaKey. */
  mimetype: z.string().nullable().optional(),
  /** Picking it hands the ticket to an agent: the bot stops. */
  isAgent: z.boolean(),
  /** Picking it moves the ticket to this queue (and its greeting/menu), when set. */
  forwardQueueId: z.number().nullable(),
  /** Position among its siblings; the customer types position + 1. */
  order: z.number(),
  get options(): z.ZodArray<typeof ChatbotOptionView> {
    return z.array(ChatbotOptionView);
  },
});
export type ChatbotOptionView = z.infer<typeof ChatbotOptionView>;

const ChatbotFields = {
  name: z.string().trim().min(4, 'muito curto').max(100, 'Too Long!'),
  greetingMessage: z.string().max(4096, 'Too Long!'),
  optionType: z.enum(['text', 'file']),
  isAgent: z.boolean(),
  forwardQueueId: z.union([z.number().int().positive(), z.null()]),
  order: z.number().int().min(0).max(999),
};
/** POST /chatbot: one option under a queue (parentId null) or under another option. */
export const ChatbotOptionBody = z
  .object({
    queueId: z.number().int().positive(),
    parentId: z.union([z.number().int().positive(), z.null()]).default(null),
    ...ChatbotFields,
    greetingMessage: ChatbotFields.greetingMessage.default(''),
    optionType: ChatbotFields.optionType.default('text'),
    isAgent: ChatbotFields.isAgent.default(false),
    forwardQueueId: ChatbotFields.forwardQueueId.default(null),
    order: ChatbotFields.order.optional(),
  })
  .strict();
/** PUT /chatbot/{id}: only the fields sent change. */
export const UpdateChatbotOptionBody = z.object(ChatbotFields).partial().strict();
export const ListChatbotQuery = z.object({ queueId: z.coerce.number().int().positive() });

/** A tree as the queue modal saves it (POST/PUT /queue `chatbots`): ids kept for existing options. */
export type ChatbotTreeInput = {
  id?: number;
  name: string;
  greetingMessage: string;
  optionType: 'text' | 'file';
  isAgent: boolean;
  forwardQueueId: number | null;
  options: ChatbotTreeInput[];
};
export const ChatbotTreeInput: z.ZodType<ChatbotTreeInput> = z.lazy(() =>
  z
    .object({
      id: z.number().int().positive().optional(),
      ...ChatbotFields,
      greetingMessage: ChatbotFields.greetingMessage.default(''),
      optionType: ChatbotFields.optionType.default('text'),
      isAgent: ChatbotFields.isAgent.default(false),
      forwardQueueId: ChatbotFields.forwardQueueId.default(null),
      /** Ignored: an option's place among its siblings is its order. */
      order: ChatbotFields.order.optional(),
      options: z.array(ChatbotTreeInput).max(50).default([]),
    })
    .strict(),
) as z.ZodType<ChatbotTreeInput>;

// ---- queues -------------------------------------------------------------------------------

export const QueueView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  /** Position in the customer's numbered menu (lower first; ties by id). */
  orderQueue: z.number().nullable(),
  typebotUrl: z.string().nullable(),
  typebotName: z.string().nullable(),
  urlFlow: z.string().nullable(),
  tokenFlow: z.string().nullable(),
  schedules: z.array(ScheduleEntry),
  /** The flow a ticket starts when it enters the queue (BEHAVIOUR.md "Flows"); null = none. */
  flowId: z.number().nullable(),
  /** The option tree (GET /queue/{id}; GET /queue lists carry it too: queues are few). */
  chatbots: z.array(ChatbotOptionView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueView = z.infer<typeof QueueView>;

const optional2to100 = z.union([z.string().trim().min(2, 'Too Short!').max(100, 'Too Long!'), z.literal(''), z.null()]).optional();
const QueueFields = {
  name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  color: z.string().trim().min(3, 'Too Short!').max(9, 'Too Long!'),
  greetingMessage: z.string().max(4096, 'Too Long!'),
  outOfHoursMessage: z.string().max(4096, 'Too Long!'),
  orderQueue: z.union([z.number().int().min(0).max(999), z.null()]),
  typebotUrl: optional2to100,
  typebotName: optional2to100,
  urlFlow: optional2to100,
  tokenFlow: optional2to100,
  schedules: Schedules,
  flowId: z.union([z.number().int().positive(), z.null()]),
  /** The whole tree, replacing the stored one (the queue modal's save). Absent = unchanged. */
  chatbots: z.array(ChatbotTreeInput).max(50),
};
export const QueueBody = z
  .object({
    ...QueueFields,
    greetingMessage: QueueFields.greetingMessage.default(''),
    outOfHoursMessage: QueueFields.outOfHoursMessage.default(''),
    orderQueue: QueueFields.orderQueue.default(null),
    schedules: QueueFields.schedules.default([]),
    flowId: QueueFields.flowId.default(null),
    chatbots: QueueFields.chatbots.optional(),
  })
  .strict();
export const UpdateQueueBody = z.object(QueueFields).partial().strict();
/** GET /queue: the spec's screens pass companyId, which is ignored (the token decides). */
export const ListQueuesQuery = z.object({ companyId: z.coerce.number().int().positive().optional() });

/** POST /queue-options/{id}/file: a file uploaded through POST /messages/upload becomes the option's message. */
export const QueueOptionFileBody = z.object({ mediaKey: z.string().min(1).max(512), mediaName: z.string().trim().min(1).max(255) }).strict();

/** GET/PUT /companies/{id}/schedules answer: the company's working hours. */
export type CompanySchedulesView = { id: number; schedules: ScheduleEntry[] };
