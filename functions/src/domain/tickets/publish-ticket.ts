/**
 * Ticket events on `company-{id}-ticket` (spec 1 §4 "Realtime updates"), each only to the users who
 * may see the ticket (the list's rule, shared ticket-visibility.ts): `update` with the TicketView
 * after a write, `removeFromList` to those who saw it before and no longer do (transferred away),
 * `delete`, and `updateUnread` when an agent opened it.
 */
import { channel } from '@conversa/shared/realtime';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { getSettings } from '../../adapters/db/settings';
import type { Ticket } from '../../adapters/db/tickets';
import { publishAll } from '../../adapters/realtime';
import type { WsConnection } from '../../adapters/db/ws-connections';
import { maySee } from '@conversa/shared/ticket-visibility';

type Seen = Pick<Ticket, 'companyId' | 'userId' | 'queueId' | 'isGroup'>;

export async function publishTicket(before: Seen | undefined, after: Ticket, view: TicketView): Promise<void> {
  const cid = after.companyId;
  const s = await getSettings(cid);
  const sees = (c: WsConnection, t: Seen) => maySee(c, t, s);
  await Promise.all([
    publishAll(cid, [{ channel: channel.ticket(cid), data: { action: 'update', ticket: view } }], { kind: 'where', test: (c) => sees(c, after) }),
    before ? publishAll(cid, [{ channel: channel.ticket(cid), data: { action: 'removeFromList', ticketId: after.id } }], { kind: 'where', test: (c) => sees(c, before) && !sees(c, after) }) : undefined,
  ]);
}

export async function publishTicketDeleted(t: Ticket): Promise<void> {
  const s = await getSettings(t.companyId);
  await publishAll(t.companyId, [{ channel: channel.ticket(t.companyId), data: { action: 'delete', ticketId: t.id } }], { kind: 'where', test: (c) => maySee(c, t, s) });
}

export async function publishUnread(t: Ticket): Promise<void> {
  const s = await getSettings(t.companyId);
  await publishAll(t.companyId, [{ channel: channel.ticket(t.companyId), data: { action: 'updateUnread', ticketId: t.id } }], { kind: 'where', test: (c) => maySee(c, t, s) });
}
