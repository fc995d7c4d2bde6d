/**
 * The rating reply, a consumer of domain events (domain/events/dispatch.ts): once the customer's
 * answer to a rating menu is stored (`ticket.rated`, rating-answer.ts), the connection's
 * completion message goes out. Keyed by the answer and timed one millisecond after it (so it sorts
 * after it): a redelivered record stores and sends it once.
 */
import type { Consumer } from '../events/dispatch';
import { sendCompletion } from './rating-wait';

export const ratingReply: Consumer = {
  name: 'rating reply',
  redelivered: true,
  on: {
    'ticket.rated': async (e, held) => {
      const { ticket } = await held();
      await sendCompletion(ticket, { idempotencyKey: `${e.messageId}:rated`, at: new Date(Date.parse(e.at) + 1) });
    },
  },
};
