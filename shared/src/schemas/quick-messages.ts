/** Quick replies (spec 1 §2 input, spec 3 §6): a shortcut typed after '/', own or company-wide. */
import { z } from 'zod';
import { SearchPageQuery } from './common';

export const QuickMessageView = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  /** Company-wide ("geral") or the author's own. */
  geral: z.boolean(),
  userId: z.number(),
  mediaKey: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** image, audio, video or application. */
  mediaType: z.string().nullable(),
  /** The attachment's MIME type (what a send of this reply names in its media). */
  mimetype: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessageView = z.infer<typeof QuickMessageView>;

const QuickMessageFields = {
  shortcode: z.string().trim().min(1, 'Required').max(50, 'Too Long!').regex(/^[^\s/]+$/, 'Sem espaços'),
  message: z.string().trim().max(4096, 'Too Long!'),
  geral: z.boolean(),
  mediaKey: z.union([z.string().min(1).max(512), z.null()]).optional(),
  mediaName: z.union([z.string().min(1).max(255), z.null()]).optional(),
};
export const QuickMessageBody = z.object({ ...QuickMessageFields, message: QuickMessageFields.message.default(''), geral: QuickMessageFields.geral.default(false) }).strict();
/** Only the fields sent change (no defaults: an absent field keeps its value). */
export const UpdateQuickMessageBody = z.object(QuickMessageFields).partial().strict();
export const ListQuickMessagesQuery = SearchPageQuery.extend({ userId: z.coerce.number().int().positive().optional(), companyId: z.coerce.number().int().positive().optional() });
