import type { InboundUpdate, SendResult } from '@conversa/shared/channels';
import { changeMessage, findExternalRef, getMessage, indexExternal, setReaction } from '../../adapters/db/messages';
import { getTicket } from '../../adapters/db/tickets';
import { applyCampaignSendResult, applyCampaignUpdate } from '../campaigns/acks';
import { readCampaignMessageId } from '../campaigns/message-ref';
import { messageUpdated } from '../messages/message-updated';

/** Ack, edit, deletion or reaction of a stored message (BEHAVIOUR.md step 4: never a new ticket). */
export async function applyUpdate(u: InboundUpdate): Promise<'applied' | 'stale' | 'unknown'> {
  // A campaign send's id (or the Cloud API's callback data) names its recipient: no lookup.
  const campaign = readCampaignMessageId(u.companyId, u.ref ?? u.externalId);
  if (campaign) return applyCampaignUpdate(u, campaign);
  const where = await findExternalRef(u.companyId, u.whatsappId, u.externalId);
  if (!where) return 'unknown';
  // A reaction replaces the sender's earlier one, and an empty emoji removes it (one per sender).
  const after = u.reaction
    ? await setReaction(u.companyId, where.ticketId, where.messageId, u.reaction).then((r) => (r?.changed ? r.message : undefined))
    : await changeMessage(u.companyId, where.ticketId, where.messageId, {
        ...(u.ack !== undefined ? { ack: u.ack } : {}),
        ...(u.editedBody !== undefined ? { editedBody: u.editedBody } : {}),
        ...(u.deleted ? { deleted: true } : {}),
        ...(u.error ? { error: u.error } : {}),
      });
  if (!after) return 'stale';
  const ticket = await getTicket(u.companyId, where.ticketId);
  if (ticket) await messageUpdated(ticket, after);
  return 'applied';
}

/** A sender's report: the channel ids are indexed (echoes and acks find the message), ack 1 and/or the failure shown. */
export async function applySendResult(r: SendResult): Promise<'applied' | 'unknown'> {
  if (r.campaign) return applyCampaignSendResult(r);
  const { ticketId, messageId } = r;
  if (ticketId === undefined || messageId === undefined) return 'unknown';
  const message = await getMessage(r.companyId, ticketId, messageId);
  if (!message) return 'unknown';
  let after = message;
  if (r.externalId) {
    await Promise.all([r.externalId, ...(r.alsoExternalIds ?? [])].map((x) => indexExternal(r.companyId, r.whatsappId, x, ticketId, messageId)));
    after = (await changeMessage(r.companyId, ticketId, messageId, { ack: 1, ...(r.error ? { error: r.error } : {}) })) ?? message;
  }
  const ticket = await getTicket(r.companyId, ticketId);
  if (ticket) await messageUpdated(ticket, after);
  return 'applied';
}
