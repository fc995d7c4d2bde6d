import { z } from 'zod';

/** Frames the SPA sends on the socket (spec 1 §7 "Emits"). */
export const ClientFrame = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joinChatBox'), ticketId: z.union([z.string().max(64), z.number()]) }),
  z.object({ action: z.literal('leaveChatBox'), ticketId: z.union([z.string().max(64), z.number()]) }),
  z.object({ action: z.literal('joinNotification') }),
  z.object({ action: z.literal('leaveNotification') }),
  z.object({ action: z.literal('joinTickets'), status: z.enum(['open', 'pending', 'closed', 'group']) }),
  z.object({ action: z.literal('leaveTickets'), status: z.enum(['open', 'pending', 'closed', 'group']) }),
  z.object({ action: z.literal('userStatus') }),
  z.object({ action: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;
