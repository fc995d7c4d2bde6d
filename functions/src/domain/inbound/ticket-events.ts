/**
 * Realtime events of tickets and messages, sent only to the users who may see the ticket.
 */
import { channel } from '@conversa/shared/realtime';
import type { Contact } from '../../adapters/db/contacts';
import type { Message } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { getSettings } from '../../adapters/db/settings';
import { publishAll } from '../../adapters/realtime';
import { maySee } from '../tickets/visibility';

/** The visibility settings change rarely: read at most every few seconds per container. */
const SETTINGS_TTL_MS = 5_000;
const settingsCache = new Map<number, { at: number; value: ReturnType<typeof getSettings> }>();
function visibilitySettings(companyId: number) {
  const hit = settingsCache.get(companyId);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.value;
  const value = getSettings(companyId);
  settingsCache.set(companyId, { at: Date.now(), value });
  value.catch(() => settingsCache.delete(companyId));
  return value;
}

export async function ticketAudience(ticket: Ticket) {
  const s = await visibilitySettings(ticket.companyId);
  return { kind: 'where' as const, test: (c: { userId: number; profile: 'user' | 'supervisor' | 'admin'; super: boolean; queueIds: number[] }) => maySee(c, ticket, s) };
}

export async function publishMessage(action: 'create' | 'update', ticket: Ticket, message: Message, contact?: Contact): Promise<void> {
  const audience = await ticketAudience(ticket);
  const cid = ticket.companyId;
  const events = [{ channel: channel.appMessage(cid), data: { action, message, ticket, ...(contact ? { contact } : {}) } }];
  if (action === 'create') events.push({ channel: channel.ticket(cid), data: { action: 'update', ticket: { ...ticket, ...(contact ? { contact } : {}) } } as never });
  await publishAll(cid, events, audience);
}
