import { useState } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import { messageRef, type MessageView } from '@conversa/shared/schemas/messages';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { Modal } from '../../../components/ui/modal';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSearchTickets } from '../../../lib/get-tickets';
import { toast } from '../../../lib/toast';
import { useSendMessage } from '../api/send-message';

type Props = { message: MessageView | null; onClose(): void };

/** Forward: pick a ticket, then the message's text and media are sent there with isForwarded. */
export function ForwardModal({ message, onClose }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<TicketView | null>(null);
  const debounced = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const targets = useSearchTickets(debounced, message !== null);
  const send = useSendMessage({
    onSuccess: () => {
      toast.success(t('chat.forward.done'));
      close();
    },
  });
  const close = () => {
    setSearch('');
    setTarget(null);
    onClose();
  };
  const list = (targets.data?.tickets ?? []).filter((tk) => tk.status !== 'closed');
  return (
    <Modal
      open={message !== null}
      title={t('chat.forward.title')}
      onClose={close}
      footer={
        <>
          <Button variation="link" onClick={close} isDisabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variation="primary"
            isDisabled={!target}
            isLoading={send.isPending}
            onClick={() => message && target && send.mutate({ ticketId: target.id, body: { body: '', isForwarded: true, forwardOf: messageRef(message) } })}
          >
            {t('chat.forward.send')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('chat.forward.search')}
        labelHidden
        placeholder={t('chat.forward.search')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        innerStartComponent={<Search size={16} className="input-icon" aria-hidden />}
      />
      <p className="muted chat-forward__hint">{t('chat.forward.pick')}</p>
      <ul className="chat-forward__list" role="listbox" aria-label={t('chat.forward.pick')}>
        {targets.isPending ? <li className="muted">{t('common.loading')}</li> : null}
        {targets.isSuccess && list.length === 0 ? <li className="muted">{t('chat.forward.empty')}</li> : null}
        {list.map((tk) => (
          <li key={tk.id}>
            <button type="button" role="option" aria-selected={target?.id === tk.id} className={`chat-forward__item${target?.id === tk.id ? ' chat-forward__item--active' : ''}`} onClick={() => setTarget(tk)}>
              <strong>{tk.contact?.name ?? `#${tk.id}`}</strong>
              <span className="muted">
                {tk.contact?.number} · #{tk.id}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
