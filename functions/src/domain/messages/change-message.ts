/**
 * An agent edits or deletes their own message (spec 1 §4 "Message"): only their own (fromMe, their
 * user id), only while not deleted; an edit needs text and applies to text messages. The row stays (a deleted message shows
 * crossed out). A message the channel already has (externalId) gets the edit or deletion sent
 * through the session host; Graph channels have no edit/delete of sent messages, so there the
 * change stays in the inbox.
 */
import { editsSentMessages, isSessionChannel, type Channel, type OutboundJob } from '@conversa/shared/channels';
import type { MessageView } from '@conversa/shared/schemas/messages';
import type { ErrorCode } from '@conversa/shared/errors';
import { isSignedBy, signed, unsigned } from '@conversa/shared/signature';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { changeOwnMessage, getMessage, type Message } from '../../adapters/db/messages';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { messageUpdated } from './message-updated';
import { loadTicketFor } from '../tickets/ticket-view';
import { toMessageView } from './message-view';
import { queueOutbound } from './queue-outbound';

type Ref = { ticketId: number; messageId: string };

async function ownMessage(auth: AuthContext, ref: Ref) {
  const loaded = await loadTicketFor(auth, ref.ticketId);
  const message = await getMessage(auth.companyId, ref.ticketId, ref.messageId);
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (!message.fromMe || message.userId !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
  if (message.isDeleted) throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  return { ...loaded, message };
}

/** A channel that will take the edit or deletion now: a session channel, connected. Else `failCode`. */
async function liveSession(auth: AuthContext, message: Message, failCode: ErrorCode): Promise<Connection | undefined> {
  if (!message.externalId) return undefined;
  const connection = await getConnection(auth.companyId, message.whatsappId);
  if (!connection || !isSessionChannel(connection.channel)) return undefined;
  if (connection.status !== 'CONNECTED') throw new AppError(failCode);
  return connection;
}

async function queueChange(auth: AuthContext, connection: Connection, message: Message, action: 'edit' | 'delete', failCode: ErrorCode): Promise<void> {
  const contact = await getContact(auth.companyId, message.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const job: OutboundJob = {
    companyId: auth.companyId,
    whatsappId: connection.id,
    ticketId: message.ticketId,
    messageId: message.id,
    chatId: contact.number,
    isGroup: contact.isGroup,
    action,
    body: action === 'edit' ? message.body : '',
    targetExternalId: message.externalId,
    isForwarded: false,
  };
  try {
    await queueOutbound(connection.channel, job, `${action}:${message.id}:${message.updatedAt}`);
  } catch (err) {
    log.error(`outbound ${action} enqueue failed`, { ticketId: message.ticketId, messageId: message.id, err: String(err) });
    throw new AppError(failCode);
  }
}

function refused(r: 'missing' | 'not-own' | 'deleted'): never {
  throw new AppError(r === 'missing' ? 'ERR_NO_MESSAGE_FOUND' : r === 'not-own' ? 'ERR_NO_PERMISSION' : 'ERR_MESSAGE_NOT_EDITABLE');
}

export async function editMessage(auth: AuthContext, ref: Ref, text: string): Promise<MessageView> {
  const { ticket, settings, message } = await ownMessage(auth, ref);
  // Text messages only: a file's caption is not edited on the channels.
  if (message.mediaType) throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  // A sent message on a Graph channel cannot change there: the customer would never see the edit.
  // (A deletion there is kept here only, as the delete dialog says.)
  if (message.externalId && !editsSentMessages(ticket.channel as Channel)) throw new AppError('ERR_CHANNEL_CANNOT_EDIT');
  const session = await liveSession(auth, message, 'ERR_SENDING_WAPP_MSG');
  // The edit dialog shows the stored text, signature included: sign once, as a new message would.
  const plain = unsigned(auth.user.name, text);
  const body = settings.sendSignMessage === 'enabled' && isSignedBy(auth.user.name, message.body) ? signed(auth.user.name, plain) : text;
  const after = await changeOwnMessage(auth.companyId, ref.ticketId, ref.messageId, auth.userId, { body });
  if (typeof after === 'string') refused(after);
  if (session) await queueChange(auth, session, after, 'edit', 'ERR_SENDING_WAPP_MSG');
  await messageUpdated(ticket, after);
  return toMessageView(after);
}

export async function deleteMessage(auth: AuthContext, ref: Ref): Promise<MessageView> {
  const { ticket, message } = await ownMessage(auth, ref);
  const session = await liveSession(auth, message, 'ERR_DELETE_WAPP_MSG');
  const after = await changeOwnMessage(auth.companyId, ref.ticketId, ref.messageId, auth.userId, { deleted: true });
  if (typeof after === 'string') refused(after);
  if (session) await queueChange(auth, session, after, 'delete', 'ERR_DELETE_WAPP_MSG');
  await messageUpdated(ticket, after);
  return toMessageView(after);
}
