import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { UserPlus, X } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { Modal } from '../../../components/ui/modal';
import { isApiError, otherOpenTicket } from '../../../lib/api-error';
import { useCreateTicket } from '../../../lib/create-ticket';
import { notifyError } from '../../../lib/notify';
import { useApplyTicket } from '../hooks/use-apply-ticket';
import { useViewer } from '../hooks/use-viewer';
import { queueRequired } from '../lib/access';
import { newTicketError } from '../lib/new-ticket-form';
import { ConnectionSelect } from './connection-select';
import { ContactPicker, type PickedContact } from './contact-picker';
import { QueueSelect } from './queue-select';

type Props = {
  open: boolean;
  onClose(): void;
  /** The new ticket, or the one already open for the contact (the user chose to open it). */
  onCreated(t: Pick<TicketView, 'id' | 'uuid'>): void;
  /** The contacts feature's modal, opened by the page (slot); the saved contact comes back here. */
  onAddContact?: (initialNumber: string, onSaved: (c: PickedContact) => void) => void;
};

/** New ticket (spec 1 §5): a known contact, a queue unless admin, a connection. */
export function NewTicketModal({ open, onClose, onCreated, onAddContact }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const [contact, setContact] = useState<PickedContact>();
  const [search, setSearch] = useState('');
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number>();
  const [error, setError] = useState<string>();
  const [existing, setExisting] = useState<{ id: number; uuid: string } | 'unknown'>();
  const required = queueRequired(viewer);

  useEffect(() => {
    if (!open) return;
    setContact(undefined);
    setSearch('');
    setQueueId(viewer.queueIds.length === 1 ? viewer.queueIds[0]! : null);
    setWhatsappId(undefined);
    setError(undefined);
    setExisting(undefined);
  }, [open, viewer.queueIds]);

  const apply = useApplyTicket();
  const create = useCreateTicket({
    // The modal shows ERR_OTHER_OPEN_TICKET itself, with a way to the open ticket.
    silent: true,
    onSuccess: (tk) => {
      apply(tk);
      onCreated(tk);
    },
    onError: (err) => {
      const other = otherOpenTicket(err);
      if (other || (isOtherOpen(err) && contact)) {
        setError(t('tickets.new.otherOpen'));
        setExisting(other ?? 'unknown');
      } else notifyError(err);
    },
  });

  const submit = () => {
    const problem = newTicketError({ contactId: contact?.id, queueId, whatsappId }, required);
    if (problem) return setError(t(problem));
    setError(undefined);
    setExisting(undefined);
    create.mutate({ contactId: contact!.id, queueId, whatsappId, userId: viewer.id, status: 'open' });
  };

  return (
    <Modal
      open={open}
      title={t('tickets.new.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={submit} isLoading={create.isPending}>
            {t('tickets.new.submit')}
          </Button>
        </>
      }
    >
      <div className="form" data-testid="new-ticket-form">
        {contact ? (
          <div className="t-picked">
            <span>
              <strong>{contact.name}</strong> <span className="muted">{contact.number}</span>
            </span>
            <button type="button" className="icon-button" aria-label={t('tickets.new.changeContact')} onClick={() => setContact(undefined)}>
              <X size={16} aria-hidden />
            </button>
          </div>
        ) : (
          <ContactPicker label={t('tickets.new.contact')} onPick={setContact} onSearchChange={setSearch} />
        )}
        {!contact && onAddContact ? (
          <Button size="small" gap="0.3rem" onClick={() => onAddContact(search.replace(/\D/g, ''), setContact)}>
            <UserPlus size={16} aria-hidden /> {t('tickets.new.addContact')}
          </Button>
        ) : null}
        <QueueSelect value={queueId} onChange={setQueueId} allowNone={!required} />
        <ConnectionSelect value={whatsappId} onChange={setWhatsappId} optional />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {existing && existing !== 'unknown' ? (
          <Button size="small" variation="primary" onClick={() => onCreated(existing)}>
            {t('tickets.new.openExisting', { id: existing.id })}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}

const isOtherOpen = (err: unknown) => isApiError(err) && err.code === 'ERR_OTHER_OPEN_TICKET';
