import { useTranslation } from 'react-i18next';
import { Bot, BotOff } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import '../../../lib/i18n/locales/ratings';
import '../../../styles/ratings.css';
import { toast } from '../../../lib/toast';
import { useUpdateTicket } from '../api/update-ticket';

/**
 * The ticket's bot flag (BEHAVIOUR.md step 8), shown to the agent and flipped with
 * PUT /tickets/{id} { isBot }.
 */
export function BotSwitch({ ticket }: { ticket: Pick<TicketView, 'id' | 'isBot'> }) {
  const { t } = useTranslation();
  const update = useUpdateTicket({ onSuccess: (tk) => toast.success(tk.isBot ? t('ratings.bot.changed') : t('ratings.bot.changedOff')) });
  const on = ticket.isBot;
  return (
    <button
      type="button"
      className={`bot-switch${on ? ' is-on' : ''}`}
      role="switch"
      aria-checked={on}
      aria-label={on ? t('ratings.bot.turnOff') : t('ratings.bot.turnOn')}
      title={on ? t('ratings.bot.turnOff') : t('ratings.bot.turnOn')}
      disabled={update.isPending}
      onClick={() => update.mutate({ id: ticket.id, body: { isBot: !on } })}
      data-testid="bot-switch"
    >
      {on ? <Bot size={16} aria-hidden /> : <BotOff size={16} aria-hidden />}
      <span className="bot-switch__label">{on ? t('ratings.bot.on') : t('ratings.bot.off')}</span>
    </button>
  );
}
