/**
 * The queue bot as a consumer of domain events (domain/events/dispatch.ts): a customer's message
 * that came in (not one sent from the phone, not in a group) gets the bot's turn (run-bot.ts:
 * notices, working hours, the queue menu and the option trees). Its replies are keyed by the
 * message id and its turn by `botState.handled`, so a redelivered record may run it again: what
 * was done is not repeated.
 */
import type { Consumer } from '../events/dispatch';
import { runBot } from './run-bot';

export const queueBot: Consumer = {
  name: 'queue bot',
  redelivered: true,
  on: {
    'message.created': async (e, held) => {
      if (e.source !== 'channel' || e.fromMe || e.isGroup) return;
      const { connection, contact, ticket, message } = await held();
      await runBot({ connection, contact, ticket, message });
    },
  },
};
