import { useEffect, useState } from 'react';
import { Button, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SEARCH_MIN_CHARS } from '@conversa/shared/constants';
import type { TicketView, UpdateTicketBody } from '@conversa/shared/schemas/tickets';
import { Modal } from '../../../components/ui/modal';
import { useUsersList } from '../../../lib/get-users-list';
import { toast } from '../../../lib/toast';
import { useUpdateTicket } from '../api/update-ticket';
import { useConnectionOptions } from '../hooks/use-connection-options';
import { useKnownQueues } from '../hooks/use-known-queues';
import { useViewer } from '../hooks/use-viewer';
import { canTransferConnection } from '../lib/access';

type Props = { open: boolean; ticket: TicketView; onClose(): void; onTransferred(t: TicketView): void };

/** Transfer (spec 1 §4, §5): a user (search from 3 characters), a queue, and for admins the connection. */
export function TransferModal({ open, ticket, onClose, onTransferred }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [queueId, setQueueId] = useState<number | null>(ticket.queueId);
  const [whatsappId, setWhatsappId] = useState<number>(ticket.whatsappId);
  const users = useUsersList(open);
  const queues = useKnownQueues(ticket);
  const adminConn = canTransferConnection(viewer);
  const conns = useConnectionOptions(open && adminConn);

  useEffect(() => {
    if (!open) return;
    setSearch('');
    setUserId(null);
    setQueueId(ticket.queueId);
    setWhatsappId(ticket.whatsappId);
  }, [open, ticket.queueId, ticket.whatsappId]);

  const term = search.trim().toLowerCase();
  const matches = term.length >= CONTACT_SEARCH_MIN_CHARS ? (users.data ?? []).filter((u) => u.name.toLowerCase().includes(term)).slice(0, 20) : [];
  const update = useUpdateTicket({
    onSuccess: (tk) => {
      toast.success(t('tickets.transfer.done'));
      onClose();
      onTransferred(tk);
    },
  });

  const submit = () => {
    const body: UpdateTicketBody = { queueId };
    // A queue without a user puts the ticket back in the queue (spec 1 §4).
    if (userId === null) Object.assign(body, { userId: null, status: 'pending' });
    else Object.assign(body, { userId, status: 'open' });
    if (adminConn && whatsappId !== ticket.whatsappId) body.whatsappId = whatsappId;
    update.mutate({ id: ticket.id, body });
  };

  return (
    <Modal
      open={open}
      title={t('tickets.transfer.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={submit} isLoading={update.isPending} isDisabled={userId === null && queueId === null}>
            {t('tickets.transfer.submit')}
          </Button>
        </>
      }
    >
      <div className="form">
        <TextField label={t('tickets.transfer.user')} name="transferUser" value={search} autoComplete="off" descriptiveText={t('tickets.transfer.userHint')} onChange={(e) => { setSearch(e.target.value); setUserId(null); }} />
        {matches.length ? (
          <ul className="t-pick" role="listbox" aria-label={t('tickets.transfer.user')}>
            {matches.map((u) => (
              <li key={u.id}>
                <button type="button" role="option" aria-selected={userId === u.id} className={userId === u.id ? 'is-selected' : ''} onClick={() => { setUserId(u.id); setSearch(u.name); }}>
                  {u.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <SelectField label={t('tickets.transfer.queue')} name="transferQueue" value={queueId === null ? '' : String(queueId)} onChange={(e) => setQueueId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('tickets.row.noQueue')}</option>
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </SelectField>
        {adminConn ? (
          <SelectField label={t('tickets.transfer.connection')} name="transferConnection" value={String(whatsappId)} onChange={(e) => setWhatsappId(Number(e.target.value))}>
            {(conns.data ?? [{ id: ticket.whatsappId, name: ticket.whatsapp?.name ?? `#${ticket.whatsappId}` }]).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
    </Modal>
  );
}
