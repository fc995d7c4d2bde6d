import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ArrowLeft, CalendarClock, Eye, RotateCcw, Shuffle, Trash2, Undo2 } from 'lucide-react';
import { planAllows } from '@conversa/shared/roles';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { toast } from '../../../lib/toast';
import { useDeleteTicket } from '../api/delete-ticket';
import { useUpdateTicket } from '../api/update-ticket';
import { useViewer } from '../hooks/use-viewer';
import { canAccept, canDeleteTicket, canReopen, canSpy, setting } from '../lib/access';
import { Avatar } from './avatar';
import { BotSwitch } from './bot-switch';
import { FlowChip } from './flow-chip';
import { RatingDialog } from './rating-dialog';
import { ResolveMenu, type ResolveChoice } from './resolve-menu';
import { TransferModal } from './transfer-modal';

type Props = {
  ticket: TicketView;
  onContact(): void;
  onSpy(t: TicketView): void;
  /** The ticket left the user's hands (resolved, returned, deleted): back to the list. */
  onLeave(): void;
  /** Phone width: a way back to the list. */
  onBack?(): void;
};

/** The chat header (spec 1 §2, §4): contact, #id, queue and agent, and the transitions. */
export function TicketHeader({ ticket: tk, onContact, onSpy, onLeave, onBack }: Props) {
  const { t } = useTranslation();
  const { viewer, settings, plan } = useViewer();
  const navigate = useNavigate();
  // Spec 3 "Schedules page": /schedules?contactId= opens the add dialog for the ticket's contact.
  const canSchedule = planAllows(plan as never, { flag: 'useSchedules' });
  const ratingRequired = setting(settings, 'userRating') === 'enabled';
  const [transferOpen, setTransferOpen] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<string>();
  const done = { onSettled: () => setBusy(undefined) };

  const update = useUpdateTicket();
  // A failed close is silently ignored (spec 1 §4).
  const close = useUpdateTicket({ silent: true, onSuccess: onLeave });
  const del = useDeleteTicket({
    onSuccess: () => {
      toast.success(t('tickets.deleted'));
      setConfirmDelete(false);
      onLeave();
    },
  });

  const run = (key: string, body: Parameters<typeof update.mutate>[0]['body'], after?: () => void) => {
    setBusy(key);
    update.mutate({ id: tk.id, body }, { ...done, onSuccess: () => after?.() });
  };
  const resolve = (c: ResolveChoice) => {
    if (c === 'rating') return setRatingOpen(true);
    setBusy('resolve');
    // Both are resolves, not the plain close (justClose): with userRating on the server asks for the rating.
    close.mutate(
      { id: tk.id, body: { status: 'closed', sendFarewellMessage: c === 'farewell' } },
      // Still silent for other failures, but a required rating is said ('Avaliação obrigatória').
      { ...done, onError: (err) => isApiError(err) && err.code === 'ERR_RATING_REQUIRED' && notifyError(err) },
    );
  };

  return (
    <header className="t-header">
      {onBack ? (
        <button type="button" className="icon-button" aria-label={t('tickets.header.back')} onClick={onBack}>
          <ArrowLeft size={20} aria-hidden />
        </button>
      ) : null}
      <button type="button" className="t-header__contact" onClick={onContact} aria-label={t('tickets.header.openContact', { name: tk.contact.name })}>
        <Avatar name={tk.contact.name} src={tk.contact.profilePicUrl} size={40} />
        <span className="t-header__text">
          <span className="t-header__name">
            {tk.contact.name} <span className="muted">#{tk.id}</span>
          </span>
          <span className="t-header__sub muted">
            {tk.queue ? <span className="t-dot" style={{ background: tk.queue.color }} aria-hidden /> : null}
            {[tk.queue?.name ?? t('tickets.row.noQueue'), tk.user ? t('tickets.header.assigned', { name: tk.user.name }) : null, tk.whatsapp?.name].filter(Boolean).join(' · ')}
          </span>
        </span>
      </button>
      <FlowChip ticket={tk} />
      <div className="t-header__actions">
        {canAccept(viewer, tk) ? (
          <Button size="small" variation="primary" isLoading={busy === 'accept'} onClick={() => run('accept', { status: 'open', userId: viewer.id })}>
            {t('tickets.actions.accept')}
          </Button>
        ) : null}
        {tk.status === 'open' ? (
          <Button size="small" gap="0.3rem" isLoading={busy === 'return'} onClick={() => run('return', { status: 'pending', userId: null }, onLeave)}>
            <Undo2 size={16} aria-hidden /> <span className="t-header__label">{t('tickets.actions.return')}</span>
          </Button>
        ) : null}
        {tk.status !== 'closed' ? <BotSwitch ticket={tk} /> : null}
        {tk.status !== 'closed' ? <ResolveMenu busy={busy === 'resolve'} ratingRequired={ratingRequired} onResolve={resolve} /> : null}
        {tk.status !== 'closed' ? (
          <Button size="small" gap="0.3rem" onClick={() => setTransferOpen(true)}>
            <Shuffle size={16} aria-hidden /> <span className="t-header__label">{t('tickets.actions.transfer')}</span>
          </Button>
        ) : null}
        {tk.status === 'closed' && canReopen(viewer) ? (
          <Button size="small" variation="primary" gap="0.3rem" isLoading={busy === 'reopen'} onClick={() => run('reopen', { status: 'open', userId: viewer.id })}>
            <RotateCcw size={16} aria-hidden /> {t('tickets.actions.reopen')}
          </Button>
        ) : null}
        {canSchedule ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('tickets.actions.schedule')}
            title={t('tickets.actions.schedule')}
            onClick={() => navigate(`${paths.app.schedules.getHref()}?contactId=${tk.contactId}`)}
          >
            <CalendarClock size={18} aria-hidden />
          </button>
        ) : null}
        {canSpy(viewer) ? (
          <button type="button" className="icon-button" aria-label={t('tickets.actions.spy')} title={t('tickets.actions.spy')} onClick={() => onSpy(tk)}>
            <Eye size={18} aria-hidden />
          </button>
        ) : null}
        {canDeleteTicket(viewer) ? (
          <button type="button" className="icon-button icon-button--danger" aria-label={t('tickets.actions.delete')} title={t('tickets.actions.delete')} onClick={() => setConfirmDelete(true)}>
            <Trash2 size={18} aria-hidden />
          </button>
        ) : null}
      </div>
      <RatingDialog
        open={ratingOpen}
        ticketId={tk.id}
        onClose={() => setRatingOpen(false)}
        onSent={() => {
          setRatingOpen(false);
          onLeave();
        }}
      />
      <TransferModal open={transferOpen} ticket={tk} onClose={() => setTransferOpen(false)} onTransferred={(t2) => t2.userId !== viewer.id && onLeave()} />
      <ConfirmDialog open={confirmDelete} title={t('tickets.deleteTitle', { id: tk.id })} confirmLabel={t('common.delete')} danger busy={del.isPending} onClose={() => setConfirmDelete(false)} onConfirm={() => del.mutate(tk.id)}>
        {t('tickets.deleteMessage')}
      </ConfirmDialog>
    </header>
  );
}
