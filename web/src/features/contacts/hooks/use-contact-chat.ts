import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAdmin } from '@conversa/shared/roles';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { notifyError } from '../../../lib/notify';
import { findOpenTicket, useOpenTicket, type ChatContact } from '../api/open-ticket';

/**
 * "Chat" on a contact: its ticket in progress, or a new open one, then /tickets/{uuid}. Non-admins
 * must pick a queue for a new ticket (spec 1 §5 'Selecione uma fila'): `queueFor` holds the contact
 * while the queue dialog is open.
 */
export function useContactChat() {
  const me = useUser();
  const admin = isAdmin(me);
  const navigate = useNavigate();
  const [queueFor, setQueueFor] = useState<ChatContact | undefined>();
  const [looking, setLooking] = useState(false);
  const open = useOpenTicket({
    onSuccess: (ticket) => {
      setQueueFor(undefined);
      navigate(paths.app.ticket.getHref(ticket.uuid));
    },
  });

  const start = async (contact: ChatContact) => {
    if (admin) return open.mutate({ contact, showAll: true });
    setLooking(true);
    try {
      const existing = await findOpenTicket(contact, false);
      if (existing) return navigate(paths.app.ticket.getHref(existing.uuid));
      setQueueFor(contact);
    } catch (err) {
      notifyError(err);
    } finally {
      setLooking(false);
    }
  };

  const chooseQueue = (queueId: number) => {
    if (queueFor) open.mutate({ contact: queueFor, queueId, showAll: false });
  };

  return {
    start,
    busy: looking || open.isPending,
    queueFor,
    queueIds: me.queueIds,
    chooseQueue,
    cancelQueue: () => setQueueFor(undefined),
  };
}
