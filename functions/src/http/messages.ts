import { SendMessageBody, TicketIdParam } from '@conversa/shared/schemas/messages';
import { endpoint, groupHandler, reply } from '../lib/http';
import { sendMessage } from '../domain/messages/send-message';

export const handler = groupHandler('messages', {
  'POST /messages/{ticketId}': endpoint({ params: TicketIdParam, body: SendMessageBody }, async ({ auth, params, body }) => reply({ status: 201, body: await sendMessage(auth, params.ticketId, body) })),
});
