import { useEffect, useState } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { Modal } from '../../../components/ui/modal';
import { useCreateGroup } from '../api/create-group';
import { useViewer } from '../hooks/use-viewer';
import { newGroupComplete } from '../lib/new-ticket-form';
import { ConnectionSelect } from './connection-select';
import { ContactPicker, type PickedContact } from './contact-picker';
import { QueueSelect } from './queue-select';

type Props = { open: boolean; onClose(): void; onCreated(t: TicketView): void };

/** 'Criar Grupo' (ultimate plan): contacts, group name, queue and connection, all required. */
export function NewGroupModal({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const [contacts, setContacts] = useState<PickedContact[]>([]);
  const [title, setTitle] = useState('');
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number>();
  const [error, setError] = useState<string>();
  const create = useCreateGroup({ onSuccess: onCreated });

  useEffect(() => {
    if (!open) return;
    setContacts([]);
    setTitle('');
    setQueueId(null);
    setWhatsappId(undefined);
    setError(undefined);
  }, [open]);

  const submit = () => {
    const input = { contactIds: contacts.map((c) => c.id), title, queueId, whatsappId };
    if (!newGroupComplete(input)) return setError(t('tickets.group.allRequired'));
    setError(undefined);
    create.mutate({ contactsAddGroup: input.contactIds, titleGroup: title.trim(), queueId: queueId!, whatsappId: whatsappId!, userId: viewer.id, status: 'open' });
  };

  return (
    <Modal
      open={open}
      title={t('tickets.group.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={submit} isLoading={create.isPending}>
            {t('tickets.group.submit')}
          </Button>
        </>
      }
    >
      <div className="form">
        <TextField label={t('tickets.group.name')} name="titleGroup" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
        <ContactPicker label={t('tickets.group.contacts')} exclude={contacts.map((c) => c.id)} onPick={(c) => setContacts((l) => [...l, c])} />
        {contacts.length ? (
          <div className="t-tags">
            {contacts.map((c) => (
              <span key={c.id} className="t-tag t-tag--lg t-tag--neutral">
                {c.name}
                <button type="button" aria-label={t('tickets.group.removeContact', { name: c.name })} onClick={() => setContacts((l) => l.filter((x) => x.id !== c.id))}>
                  <X size={12} aria-hidden />
                </button>
              </span>
            ))}
          </div>
        ) : null}
        <QueueSelect value={queueId} onChange={setQueueId} allowNone={false} />
        <ConnectionSelect value={whatsappId} onChange={setWhatsappId} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
