import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { Modal } from '../../../components/ui/modal';
import { Avatar } from './avatar';

type Props = { ticket: TicketView | undefined; onClose(): void; renderChat?: (t: TicketView) => React.ReactNode };

/** 'Espiar Conversa' (admin): the header and the read-only message list, closed with 'Fechar'. */
export function SpyDialog({ ticket, onClose, renderChat }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={ticket !== undefined}
      title={t('tickets.spy.title')}
      onClose={onClose}
      size="large"
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {ticket ? (
        <div className="t-spy">
          <div className="t-spy__head">
            <Avatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
            <div>
              <strong>
                {ticket.contact.name} <span className="muted">#{ticket.id}</span>
              </strong>
              <div className="muted">{[ticket.queue?.name, ticket.user?.name, ticket.whatsapp?.name].filter(Boolean).join(' · ')}</div>
            </div>
          </div>
          <div className="t-spy__chat">{renderChat ? renderChat(ticket) : <p className="muted">{ticket.lastMessage}</p>}</div>
        </div>
      ) : null}
    </Modal>
  );
}
