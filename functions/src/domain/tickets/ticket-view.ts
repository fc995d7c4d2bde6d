/**
 * The wire shape of a ticket (TicketView): the stored ticket enriched with its contact,
 * connection, queue, agent and tags. A page of tickets costs one BatchGet for its contacts;
 * connections, queues, users and tags change rarely and are cached a few seconds per container.
 */
import type { TagView, TicketView } from '@conversa/shared/schemas/tickets';
import { batchGet, keyId, type Key } from '../../adapters/db/batch';
import { contactKey, type Contact } from '../../adapters/db/contacts';
import { keys } from '../../adapters/db/keys';
import { flowKeys } from '../../adapters/db/flow-keys';
import { tagKey } from '../../adapters/db/tags';
import { getTicket, type StoredTicket, type Ticket } from '../../adapters/db/tickets';
import { getSettings } from '../../adapters/db/settings';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { maySee } from '@conversa/shared/ticket-visibility';

const CACHE_MS = 5_000;
/** `item: null`: the item is gone (a deleted queue, user or tag a ticket still names); remembered too, or every page would read it again. */
const cache = new Map<string, { at: number; item: Record<string, unknown> | null }>();

/** Items by key: the cacheable ones from the container cache when fresh, the rest in one BatchGet. */
async function lookUp(wanted: Key[], cacheable: (k: Key) => boolean): Promise<Map<string, Record<string, unknown>>> {
  const now = Date.now();
  const out = new Map<string, Record<string, unknown>>();
  const missing: Key[] = [];
  for (const k of wanted) {
    const hit = cacheable(k) ? cache.get(keyId(k)) : undefined;
    if (!hit || now - hit.at >= CACHE_MS) missing.push(k);
    else if (hit.item) out.set(keyId(k), hit.item);
  }
  if (missing.length) {
    const got = await batchGet(missing);
    for (const k of missing) {
      const item = got.get(keyId(k));
      if (cacheable(k)) cache.set(keyId(k), { at: now, item: item ?? null });
      if (item) out.set(keyId(k), item);
    }
  }
  if (cache.size > 5_000) cache.clear();
  return out;
}

const userKey = (cid: number, id: number) => keys.user(cid, id);

/** `contacts`: contacts the caller already holds (the inbound pipeline just resolved it), not read again. */
export async function toTicketViews(tickets: Ticket[], contacts: readonly Contact[] = []): Promise<TicketView[]> {
  if (!tickets.length) return [];
  const given = new Map(contacts.map((c) => [keyId(contactKey(c.companyId, c.id)), c as unknown as Record<string, unknown>]));
  const wanted: Key[] = [];
  for (const t of tickets) {
    const cid = t.companyId;
    // The ticket's own contact card (#74) spares the contact's read; older tickets have none.
    if (!t.contactCard) wanted.push(contactKey(cid, t.contactId));
    wanted.push(keys.whatsapp(cid, t.whatsappId));
    if (t.queueId !== null) wanted.push(keys.queue(cid, t.queueId));
    if (t.userId !== null) wanted.push(userKey(cid, t.userId));
    for (const id of t.tagIds ?? []) wanted.push(tagKey(cid, id));
    if (t.flowState && t.status === 'pending') wanted.push(flowKeys.flow(cid, t.flowState.flowId));
  }
  const items = await lookUp(wanted.filter((k) => !given.has(keyId(k))), (k) => !k.PK.endsWith('#CONTACTS'));
  for (const [k, item] of given) items.set(k, item);
  const get = (k: Key) => items.get(keyId(k));
  return tickets.map((t) => {
    const cid = t.companyId;
    const c = get(contactKey(cid, t.contactId)) ?? t.contactCard;
    const w = get(keys.whatsapp(cid, t.whatsappId));
    const q = t.queueId !== null ? get(keys.queue(cid, t.queueId)) : undefined;
    const u = t.userId !== null ? get(userKey(cid, t.userId)) : undefined;
    const tags: TagView[] = (t.tagIds ?? []).flatMap((id) => {
      const tag = get(tagKey(cid, id));
      return tag && !tag.deleting ? [{ id, name: String(tag.name ?? ''), color: String(tag.color ?? '') }] : [];
    });
    return {
      id: t.id,
      uuid: t.uuid,
      status: t.status,
      contactId: t.contactId,
      contact: {
        id: t.contactId,
        name: String(c?.name ?? ''),
        number: String(c?.number ?? ''),
        email: String(c?.email ?? ''),
        profilePicUrl: String(c?.profilePicUrl ?? ''),
        isGroup: Boolean(c?.isGroup ?? t.isGroup),
        channel: String(c?.channel ?? t.channel),
      },
      whatsappId: t.whatsappId,
      whatsapp: w ? { id: t.whatsappId, name: String(w.name ?? ''), channel: String(w.channel ?? t.channel) } : null,
      channel: t.channel,
      queueId: t.queueId,
      queue: q && t.queueId !== null ? { id: t.queueId, name: String(q.name ?? ''), color: String(q.color ?? '') } : null,
      userId: t.userId,
      user: u && t.userId !== null ? { id: t.userId, name: String(u.name ?? '') } : null,
      isGroup: t.isGroup,
      isBot: t.isBot,
      lastMessage: t.lastMessage,
      lastMessageAt: t.lastMessageAt,
      lastInboundAt: t.lastInboundAt ?? null,
      unreadMessages: Number(t.unreadMessages ?? 0),
      tags,
      laneId: t.laneId ?? 0,
      queuedAt: t.queuedAt,
      acceptedAt: t.acceptedAt ?? null,
      closedAt: t.closedAt ?? null,
      flow: flowOf(t, t.flowState ? get(flowKeys.flow(cid, t.flowState.flowId)) : undefined),
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
  });
}

/** Which flow and node the ticket is at; only a pending ticket runs one (an accepted or closed one's flow is over). */
function flowOf(t: Ticket, flow: Record<string, unknown> | undefined): TicketView['flow'] {
  const s = t.flowState;
  if (!s || t.status !== 'pending') return null;
  return { flowId: s.flowId, flowName: String(flow?.name ?? ''), nodeId: s.nodeId, nodeType: s.nodeType ?? null, waiting: s.waiting, startedAt: s.startedAt };
}

export async function toTicketView(ticket: Ticket, contact?: Contact): Promise<TicketView> {
  return (await toTicketViews([ticket], contact ? [contact] : []))[0]!;
}

/** Forgets cached names after a write that changed them (tests, and the screens that edit them). */
export function forgetViewCache(): void {
  cache.clear();
}

/** The caller as the visibility rule sees them. */
export const viewerOf = (auth: AuthContext) => ({ userId: auth.userId, profile: auth.user.profile, super: auth.user.super, queueIds: auth.user.queueIds ?? [] });

/** The ticket if the caller may see it: ERR_NO_TICKET_FOUND, else ERR_NO_PERMISSION ('Acesso não permitido'). */
export async function loadTicketFor(auth: AuthContext, ticketId: number): Promise<{ ticket: StoredTicket; settings: Awaited<ReturnType<typeof getSettings>> }> {
  const [ticket, settings] = await Promise.all([getTicket(auth.companyId, ticketId), getSettings(auth.companyId)]);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!maySee(viewerOf(auth), ticket, settings)) throw new AppError('ERR_NO_PERMISSION');
  return { ticket, settings };
}
