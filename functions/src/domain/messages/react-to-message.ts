/**
 * An agent reacts to a message (POST /messages/{id}/react): the company's account has one
 * reaction per message, like any sender, replaced by a new emoji and removed by an empty one. It
 * is stored on the message first (`from: 'me'`), then queued for the channel (Baileys
 * `react`, the sandbox phone, the Cloud API's reaction message, Messenger/Instagram sender action
 * `react`/`unreact`) and published to the ticket's viewers. A queue that refuses the job puts the
 * earlier reaction back, so nothing is shown that the customer will not get.
 */
import { reactsTo, type Channel, type OutboundJob } from '@conversa/shared/channels';
import { OWN_REACTION, type MessageView } from '@conversa/shared/schemas/messages';
import { getConnection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { getMessage, setReaction, type Message } from '../../adapters/db/messages';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { messageUpdated } from './message-updated';
import { loadTicketFor } from '../tickets/ticket-view';
import { toMessageView } from './message-view';
import { queueOutbound } from './queue-outbound';

const ownEmoji = (m: Message) => m.reactions?.find((r) => r.from === OWN_REACTION)?.emoji ?? '';

export async function reactToMessage(auth: AuthContext, ref: { ticketId: number; messageId: string }, emoji: string): Promise<MessageView> {
  const { ticket } = await loadTicketFor(auth, ref.ticketId);
  if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', [{ path: 'ticket', message: 'the ticket is closed' }]);
  const message = await getMessage(auth.companyId, ref.ticketId, ref.messageId);
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const [connection, contact] = await Promise.all([getConnection(auth.companyId, message.whatsappId), getContact(auth.companyId, message.contactId)]);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (!reactsTo(connection.channel as Channel, { ...message, hasChannelId: Boolean(message.externalId) })) throw new AppError('ERR_MESSAGE_NOT_REACTABLE');

  const before = ownEmoji(message);
  const set = await setReaction(auth.companyId, ref.ticketId, ref.messageId, { emoji, from: OWN_REACTION, fromMe: true });
  if (!set) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (set.changed) {
    const job: OutboundJob = {
      companyId: auth.companyId,
      whatsappId: connection.id,
      ticketId: ticket.id,
      messageId: message.id,
      chatId: contact.number,
      isGroup: contact.isGroup,
      action: 'react',
      body: emoji,
      targetExternalId: message.externalId,
      targets: [{ externalId: message.externalId!, fromMe: message.fromMe, ...(message.participant ? { participant: message.participant.id } : {}) }],
      isForwarded: false,
    };
    try {
      await queueOutbound(connection.channel as Channel, job, `react:${message.id}:${set.message.updatedAt}`);
    } catch (err) {
      log.error('outbound reaction enqueue failed', { ticketId: ticket.id, messageId: message.id, err: String(err) });
      await setReaction(auth.companyId, ref.ticketId, ref.messageId, { emoji: before, from: OWN_REACTION, fromMe: true });
      throw new AppError('ERR_SENDING_WAPP_MSG');
    }
    await messageUpdated(ticket, set.message);
  }
  return toMessageView(set.message);
}
