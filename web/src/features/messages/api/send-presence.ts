import type { PRESENCES } from '@conversa/shared/schemas/tickets';
import { api } from '../../../lib/api';

export type Presence = (typeof PRESENCES)[number];

/** PUT /tickets/presence/{ticketId}: 'composing' after typing, 'recording' every 9 s while recording. */
export const sendPresence = (ticketId: number, presence: Presence): Promise<unknown> =>
  api.put<unknown>(`/tickets/presence/${ticketId}`, { presence }).catch(() => undefined); // best effort: never disturbs typing
