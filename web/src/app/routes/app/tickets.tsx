import { useCallback, useEffect, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { MessageSquare, MessagesSquare } from 'lucide-react';
import { DRAWER_TEMPORARY_BELOW_PX } from '@conversa/shared/constants';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import '../../../styles/tickets.css';
import { ContactModal } from '../../../features/contacts/components/contact-modal';
import { ChatPanel } from '../../../features/messages/components/chat-panel';
import { useTicket } from '../../../features/tickets/api/get-ticket';
import { ContactDrawer } from '../../../features/tickets/components/contact-drawer';
import type { PickedContact } from '../../../features/tickets/components/contact-picker';
import { NewGroupModal } from '../../../features/tickets/components/new-group-modal';
import { NewTicketModal } from '../../../features/tickets/components/new-ticket-modal';
import { SpyDialog } from '../../../features/tickets/components/spy-dialog';
import { TagsEditor } from '../../../features/tickets/components/tags-editor';
import { TicketHeader } from '../../../features/tickets/components/ticket-header';
import { TicketsManager } from '../../../features/tickets/components/tickets-manager';
import { Welcome } from '../../../features/tickets/components/welcome';
import { useTicketsRealtime } from '../../../features/tickets/hooks/use-tickets-realtime';
import { useUnreadCount } from '../../../features/tickets/hooks/use-unread-count';
import { useViewer } from '../../../features/tickets/hooks/use-viewer';
import { groupTabVisible } from '../../../features/tickets/lib/access';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth';
import { notifyError } from '../../../lib/notify';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';

type ContactModalState = { open: false } | { open: true; contactId?: number; initialNumber?: string; onSaved?: (c: PickedContact) => void };

/** The message list and input of a ticket (the messages feature); read-only in the spy dialog. */
function renderChat(ticket: TicketView, readOnly: boolean): React.ReactNode {
  return <ChatPanel key={ticket.id} ticket={ticket} readOnly={readOnly} />;
}

/** /tickets and /tickets/{uuid} (spec 1 §2): the list on the left, the chat on the right. */
export default function TicketsRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const { viewer, settings } = useViewer();
  const navigate = useNavigate();
  const { ticketId: uuid } = useParams();
  const narrow = useMediaQuery(`(max-width: ${DRAWER_TEMPORARY_BELOW_PX - 1}px)`);
  const [pane, setPane] = useState<'list' | 'ticket'>(uuid ? 'ticket' : 'list');
  const [newTicket, setNewTicket] = useState(false);
  const [newGroup, setNewGroup] = useState(false);
  const [spy, setSpy] = useState<TicketView>();
  const [drawer, setDrawer] = useState(false);
  const [contactModal, setContactModal] = useState<ContactModalState>({ open: false });

  const unread = useUnreadCount();
  useDocumentTitle(unread ? `(${unread}) ${t('tickets.title')}` : t('tickets.title'));

  const toList = useCallback(() => void navigate(paths.app.tickets.getHref()), [navigate]);
  const open = useCallback((u: string) => void navigate(paths.app.ticket.getHref(u)), [navigate]);
  useEffect(() => setPane(uuid ? 'ticket' : 'list'), [uuid]);

  const detail = useTicket(uuid);
  const ticket = detail.data;
  useEffect(() => {
    if (!detail.isError) return;
    const err = detail.error;
    // Outside the user's view (spec 1 §6): 'Acesso não permitido' and back to the list.
    if (isApiError(err) && err.status === 403) toast.error(t('common.accessDenied'));
    else notifyError(err);
    toList();
  }, [detail.isError, detail.error, t, toList]);

  useTicketsRealtime(user.companyId, {
    viewedId: ticket?.id,
    groups: groupTabVisible(viewer, settings),
    onViewedDeleted: () => {
      toast.info(t('tickets.deleted'));
      toList();
    },
  });

  const chat = uuid ? (
    ticket ? (
      <div className="t-chat" data-testid="ticket-chat">
        <TicketHeader ticket={ticket} onContact={() => setDrawer(true)} onSpy={setSpy} onLeave={toList} onBack={narrow ? toList : undefined} />
        <TagsEditor ticket={ticket} />
        <div className="t-chat__body">{renderChat(ticket, false)}</div>
      </div>
    ) : (
      <div className="list-state">
        <Loader size="large" />
      </div>
    )
  ) : (
    <Welcome />
  );

  return (
    <div className={`page-fill t-page${narrow ? ' t-page--narrow' : ''}`} data-pane={pane}>
      <div className="t-page__list" hidden={narrow && pane !== 'list'}>
        <TicketsManager selectedUuid={uuid} onOpen={open} onNewTicket={() => setNewTicket(true)} onNewGroup={() => setNewGroup(true)} onSpy={setSpy} />
      </div>
      <div className="t-page__chat" hidden={narrow && pane !== 'ticket'}>
        {chat}
        {ticket ? <ContactDrawer open={drawer} ticket={ticket} onClose={() => setDrawer(false)} onEdit={(id) => setContactModal({ open: true, contactId: id })} /> : null}
      </div>
      {narrow ? (
        <nav className="t-bottom-tabs" aria-label={t('tickets.title')}>
          <button type="button" className={pane === 'ticket' ? 'is-active' : ''} aria-pressed={pane === 'ticket'} onClick={() => setPane('ticket')}>
            <MessageSquare size={18} aria-hidden /> {t('tickets.mobile.ticket')}
          </button>
          <button type="button" className={pane === 'list' ? 'is-active' : ''} aria-pressed={pane === 'list'} onClick={() => setPane('list')}>
            <MessagesSquare size={18} aria-hidden /> {t('tickets.mobile.list')}
          </button>
        </nav>
      ) : null}
      <NewTicketModal
        open={newTicket}
        onClose={() => setNewTicket(false)}
        onCreated={(tk) => {
          setNewTicket(false);
          open(tk.uuid);
        }}
        onAddContact={(initialNumber, onSaved) => setContactModal({ open: true, initialNumber, onSaved })}
      />
      <NewGroupModal
        open={newGroup}
        onClose={() => setNewGroup(false)}
        onCreated={(tk) => {
          setNewGroup(false);
          open(tk.uuid);
        }}
      />
      <SpyDialog ticket={spy} onClose={() => setSpy(undefined)} renderChat={(tk) => renderChat(tk, true)} />
      <ContactModal
        open={contactModal.open}
        contactId={contactModal.open ? contactModal.contactId : undefined}
        initialNumber={contactModal.open ? contactModal.initialNumber : undefined}
        onClose={() => setContactModal({ open: false })}
        onSaved={(c) => {
          if (contactModal.open) contactModal.onSaved?.(c);
        }}
      />
    </div>
  );
}
