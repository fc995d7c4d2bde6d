/**
 * What an inbound message needs before it is stored — its connection, whether its channel id was
 * seen, its contact, the contact's ticket lock and ticket — read in one BatchGetItem once this
 * container has met the chat: the keys of the contact and ticket are remembered from the last
 * message of the chat and checked against the identity and lock items read in the same batch. A
 * guess that no longer holds (a new ticket, a merged contact) only costs the reads of the slow path.
 */
import type { InboundMessage } from '@conversa/shared/channels';
import { batchGet, keyId, type Key } from '../../adapters/db/batch';
import { toConnection, type Connection } from '../../adapters/db/connections';
import { contactKey, identityItemKey, toContact, type Contact } from '../../adapters/db/contacts';
import { keys } from '../../adapters/db/keys';
import { awaitedOf, type AwaitedConfirmation } from '../../adapters/db/campaign-runs';
import { confirmationKey } from '../../adapters/db/campaigns';
import { externalKey, externalRefOf, type ExternalRef } from '../../adapters/db/messages';
import { confirmationDigits } from '../campaigns/confirm';
import { lockKey, ticketKey, toLock, toStoredTicket, type Ticket, type TicketLock } from '../../adapters/db/tickets';
import { identityKey } from '../contacts/numbers';

export type Prefetched = {
  connection?: Connection;
  seen?: ExternalRef;
  /** A campaign confirmation awaited from this number on this connection (read with the rest: no extra call). */
  awaited?: AwaitedConfirmation;
  /** The primary identity's contact id; null when the identity item is absent; undefined when not read. */
  primaryContactId?: number | null;
  contact?: Contact;
  /** The contact's lock on the connection; null when absent; undefined when not read. */
  lock?: TicketLock | null;
  ticket?: Ticket;
};

const MAX_CHATS = 20_000;
/** A connection's channel never changes. */
const channels = new Map<string, string>();
/** Per chat: the contact and ticket its last message went to. */
const chats = new Map<string, { contactId: number; ticketId?: number }>();

const chatKey = (m: InboundMessage, identity: string) => `${m.companyId}#${m.whatsappId}#${identity}`;

export async function prefetch(m: InboundMessage): Promise<Prefetched> {
  const cid = m.companyId;
  const channel = channels.get(`${cid}#${m.whatsappId}`);
  const identity = channel ? identityKey(channel, m.chatId, m.isGroup) : undefined;
  const guess = identity ? chats.get(chatKey(m, identity)) : undefined;
  const wanted: Key[] = [keys.whatsapp(cid, m.whatsappId), externalKey(cid, m.whatsappId, m.externalId)];
  const digits = confirmationDigits(m);
  if (digits) wanted.push(confirmationKey(cid, m.whatsappId, digits));
  if (identity) wanted.push(identityItemKey(cid, identity));
  if (guess) wanted.push(contactKey(cid, guess.contactId), lockKey(cid, guess.contactId, m.whatsappId));
  if (guess?.ticketId) wanted.push(ticketKey(cid, guess.ticketId));
  const got = await batchGet(wanted, { consistent: true });
  const item = (k: Key) => got.get(keyId(k));

  const out: Prefetched = {};
  const conn = item(keys.whatsapp(cid, m.whatsappId));
  if (!conn) return out;
  out.connection = toConnection(conn);
  channels.set(`${cid}#${m.whatsappId}`, out.connection.channel);
  if (channels.size > MAX_CHATS) channels.clear();
  const x = item(externalKey(cid, m.whatsappId, m.externalId));
  if (x) out.seen = externalRefOf(x);
  const awaited = digits ? item(confirmationKey(cid, m.whatsappId, digits)) : undefined;
  if (awaited) out.awaited = awaitedOf(awaited);
  if (!identity) return out;
  const idItem = item(identityItemKey(cid, identity));
  out.primaryContactId = idItem ? Number(idItem.contactId) : null;
  if (!guess || out.primaryContactId !== guess.contactId) return out;
  const contact = item(contactKey(cid, guess.contactId));
  if (contact) out.contact = toContact(contact);
  const lock = item(lockKey(cid, guess.contactId, m.whatsappId));
  out.lock = lock ? toLock(lock) : null;
  const ticket = guess.ticketId ? item(ticketKey(cid, guess.ticketId)) : undefined;
  if (ticket && out.lock?.ticketId === guess.ticketId) out.ticket = toStoredTicket(ticket);
  return out;
}

/** Remembers where the chat's message went, for the next message's prefetch. */
export function remember(m: InboundMessage, channel: string, contactId: number, ticketId?: number): void {
  if (chats.size > MAX_CHATS) chats.clear();
  chats.set(chatKey(m, identityKey(channel, m.chatId, m.isGroup)), { contactId, ticketId });
}
