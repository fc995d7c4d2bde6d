/**
 * An agent's message (DESIGN.md "Outbound", through deliver.ts): stored with ack 0 and the
 * ticket updated first, then queued for the channel's sender, which reports back.
 * Text carries the message variables and the signature; media was uploaded beforehand
 * (upload-media.ts); a reply quotes a message of the same ticket; a forward copies the text and
 * media of a message of any ticket the agent may see.
 */
import type { MessageView, SendMessageBody } from '@conversa/shared/schemas/messages';
import { renderVariables } from '@conversa/shared/message-variables';
import { signed } from '@conversa/shared/signature';
import { getConnection } from '../../adapters/db/connections';
import { getContact } from '../../adapters/db/contacts';
import { getMessage } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { loadTicketFor, toTicketView } from '../tickets/ticket-view';
import { toMessageView } from './message-view';
import { turnBotOff } from '../bot/bot-off';
import { deliver, type Media } from './deliver';
import { checkUploaded, mediaTypeOf } from './upload-media';

/** The message a forward copies: of a ticket the caller may see, not deleted. */
async function forwarded(auth: AuthContext, ref: string): Promise<{ body: string; media: Media }> {
  const i = ref.indexOf('_');
  const ticketId = Number(ref.slice(0, i));
  await loadTicketFor(auth, ticketId);
  const source = await getMessage(auth.companyId, ticketId, ref.slice(i + 1));
  if (!source || source.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const media: Media = source.mediaKey ? { mediaType: source.mediaType, mediaKey: source.mediaKey, mimetype: source.mimetype, filename: source.filename } : {};
  return { body: source.body, media };
}

/** Fills the message variables from the ticket's names (read only when the text has any). */
async function withVariables(auth: AuthContext, ticket: Ticket, text: string): Promise<string> {
  if (!text.includes('{{')) return text;
  const view = await toTicketView(ticket);
  return renderVariables(text, { contactName: view.contact.name, agentName: auth.user.name, ticketId: ticket.id, ticketCreatedAt: ticket.createdAt, queueName: view.queue?.name, connectionName: view.whatsapp?.name });
}

/**
 * An agent's message on a ticket. `sign: false` for what the platform says in the agent's stead
 * (the farewell on resolve): variables filled, no signature.
 */
export async function sendMessage(auth: AuthContext, ticketId: number, input: SendMessageBody, opts: { sign?: boolean } = {}): Promise<MessageView> {
  const { ticket, settings } = await loadTicketFor(auth, ticketId);
  if (ticket.status === 'closed') throw new AppError('ERR_VALIDATION', [{ path: 'ticket', message: 'the ticket is closed' }]);
  const [connection, contact] = await Promise.all([getConnection(auth.companyId, ticket.whatsappId), getContact(auth.companyId, ticket.contactId)]);
  if (!connection) throw new AppError('ERR_TICKET_NO_WHATSAPP');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');

  let body: string;
  let media: Media = {};
  const isForward = input.forwardOf !== undefined;
  if (input.forwardOf !== undefined) {
    ({ body, media } = await forwarded(auth, input.forwardOf));
  } else {
    if (input.media) {
      const { mimetype } = await checkUploaded(auth.companyId, input.media);
      media = { mediaType: mediaTypeOf(mimetype), mediaKey: input.media.key, mimetype, filename: input.media.filename };
    }
    body = await withVariables(auth, ticket, input.body);
    if (body && settings.sendSignMessage === 'enabled' && opts.sign !== false) body = signed(auth.user.name, body);
  }
  const quoted = input.quotedMsgId ? await getMessage(auth.companyId, ticketId, input.quotedMsgId) : undefined;
  if (input.quotedMsgId && !quoted) throw new AppError('ERR_NO_MESSAGE_FOUND');

  const message = (await deliver({ ticket, connection, contact, body, media, quoted, isForwarded: isForward || input.isForwarded, userId: auth.userId }))!;
  await turnBotOff(ticket);
  return toMessageView(message, quoted, contact.name);
}
