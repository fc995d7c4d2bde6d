import type { Message } from '../../adapters/db/messages';
import type { Ticket } from '../../adapters/db/tickets';
import { emit } from '../events/dispatch';

/** `message.updated` after a message's change was written (an ack, an edit, a deletion, a reaction, a transcription…). */
export const messageUpdated = (ticket: Ticket, message: Message): Promise<void> =>
  emit({ type: 'message.updated', companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id }, { ticket, message });
