import { useEffect, useState } from 'react';
import { Button, Loader, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { useCreateGroup, useGroupRequest } from '../api/create-group';
import { useViewer } from '../hooks/use-viewer';
import { newGroupComplete } from '../lib/new-ticket-form';
import { ConnectionSelect } from './connection-select';
import { ContactPicker, type PickedContact } from './contact-picker';
import { QueueSelect } from './queue-select';

type Props = { open: boolean; onClose(): void; onCreated(t: { id: number; uuid: string }): void };

/**
 * 'Criar Grupo' (ultimate plan): contacts, group name, queue and connection, all required. The
 * connection's session makes the group; the modal waits for its ticket, then opens it.
 */
export function NewGroupModal({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const [contacts, setContacts] = useState<PickedContact[]>([]);
  const [title, setTitle] = useState('');
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number>();
  const [error, setError] = useState<string>();
  const [requestId, setRequestId] = useState<string>();
  const create = useCreateGroup({ onSuccess: (r) => setRequestId(r.requestId) });
  const request = useGroupRequest(requestId);
  const outcome = request.data;
  const waiting = create.isPending || (requestId !== undefined && outcome?.status !== 'failed' && !request.isError);

  useEffect(() => {
    if (!open) return;
    setContacts([]);
    setTitle('');
    setQueueId(null);
    setWhatsappId(undefined);
    setError(undefined);
    setRequestId(undefined);
  }, [open]);

  useEffect(() => {
    if (outcome?.status === 'done' && outcome.ticketId !== undefined && outcome.uuid) onCreated({ id: outcome.ticketId, uuid: outcome.uuid });
    if (outcome?.status === 'failed') {
      setRequestId(undefined);
      const why = errorMessage(outcome.error, currentLang(), t('tickets.group.failed'));
      setError(outcome.reason && outcome.error !== 'ERR_WAPP_NOT_INITIALIZED' ? `${why} (${outcome.reason})` : why);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

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
          <Button variation="link" onClick={onClose} isDisabled={waiting}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={submit} isLoading={waiting} loadingText={t('tickets.group.creating')}>
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
        {requestId !== undefined && waiting ? (
          <p className="muted" role="status" data-testid="group-creating">
            <Loader /> {t('tickets.group.creatingHint')}
          </p>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
