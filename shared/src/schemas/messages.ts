import { z } from 'zod';

export const TicketIdParam = z.object({ ticketId: z.coerce.number().int().positive().max(2 ** 40) });

/** POST /messages/{ticketId}: a text reply (media, forward and quick replies extend it). */
export const SendMessageBody = z
  .object({
    body: z.string().trim().min(1, 'Required').max(4096, 'Too Long!'),
    quotedMsgId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    isForwarded: z.boolean().default(false),
  })
  .strict();
export type SendMessageBody = z.infer<typeof SendMessageBody>;
