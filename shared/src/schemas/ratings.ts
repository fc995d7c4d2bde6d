/**
 * Ratings (spec 3 "Ratings list", §3 Rating, §5, §7) and the satisfaction dashboard (spec 3
 * "Satisfaction dashboard", §3 Satisfaction summary): satisfaction menus sent when a ticket is
 * resolved, and what customers answered.
 */
import { z } from 'zod';
import { SearchPageQuery } from './common';

export const RatingView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  /** "geral": the company's active rating, offered by default. */
  geral: z.boolean(),
  options: z.array(z.object({ name: z.string(), value: z.number() })),
  userId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RatingView = z.infer<typeof RatingView>;
export type RatingOption = RatingView['options'][number];
/** GET /ratings/list (every signed-in user: the resolve dialog's choices), the general one first. */
export type RatingListItem = Pick<RatingView, 'id' | 'name' | 'geral' | 'options'>;
export type RatingsPage = { ratings: RatingView[]; count: number; hasMore: boolean; cursor?: string };

const RatingOption = z.object({ name: z.string().trim().min(1, 'Obrigatório').max(100, 'Too Long!'), value: z.number().int().min(0).max(100) }).strict();
const RatingFields = {
  name: z.string().trim().min(3, 'nome muito curto').max(100, 'Too Long!'),
  message: z.string().trim().min(1, 'Obrigatório').max(4096, 'Too Long!'),
  geral: z.boolean(),
  options: z
    .array(RatingOption)
    .min(1)
    .max(10)
    .refine((o) => new Set(o.map((x) => x.value)).size === o.length, 'option values must differ'),
  /** Sent by the spec's modal; the server records the caller. */
  userId: z.union([z.number().int().positive(), z.null()]).optional(),
};
export const RatingBody = z.object(RatingFields).strict();
export const UpdateRatingBody = z.object(RatingFields).partial().strict();
export const ListRatingsQuery = SearchPageQuery;

/** POST /ratings/messages/{ticketId} (spec 1 §7): resolve the ticket sending this rating's menu. */
export const SendRatingBody = z.object({ ratingId: z.number().int().positive(), userId: z.number().int().positive().optional() }).strict();

/** GET /satisfaction (spec 3 §7): DD/MM/YYYY dates, inclusive, in the company's days. */
const DayBR = z.string().regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, 'DD/MM/YYYY');
export const SatisfactionQuery = z.object({ startDate: DayBR, endDate: DayBR }).strict();

export type SatisfactionAgent = { userId: number; name: string; insatisfeito: number; indiferentes: number; satisfeito: number; notaMedia: number };
/**
 * Five levels: an answer's value as a fraction of its rating's highest option value, in fifths
 * (≤ 0.2 very dissatisfied … > 0.8 very satisfied). Per agent: levels 1–2 insatisfeito, 3
 * indiferentes, 4–5 satisfeito; notaMedia is the mean level (1–5). averageScore likewise.
 */
export type SatisfactionView = {
  totalResponses: number;
  averageScore: number;
  veryDissatisfied: number;
  dissatisfied: number;
  neutral: number;
  satisfied: number;
  verySatisfied: number;
  agents: SatisfactionAgent[];
};
