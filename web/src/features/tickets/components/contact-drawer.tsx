import { useEffect, useId } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Mail, Pencil, Phone, X } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useContact } from '../../../lib/get-contact';
import { Avatar } from './avatar';
import { TicketNotes } from './ticket-notes';

type Props = { open: boolean; ticket: TicketView; onClose(): void; onEdit?: (contactId: number) => void };

/** The right contact drawer (spec 1 §2, width 320): contact, edit, ticket notes, extra info. */
export function ContactDrawer({ open, ticket, onClose, onEdit }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useContact(open ? ticket.contactId : undefined);
  const c = detail.data;
  const name = c?.name ?? ticket.contact.name;
  const number = c?.number ?? ticket.contact.number;
  const email = c?.email ?? ticket.contact.email;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <aside className="t-drawer" aria-labelledby={titleId} data-testid="contact-drawer">
      <header className="t-drawer__head">
        <h2 id={titleId}>{t('tickets.contact.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          <X size={20} aria-hidden />
        </button>
      </header>
      <div className="t-drawer__body">
        <div className="t-drawer__card">
          <Avatar name={name} src={c?.profilePicUrl ?? ticket.contact.profilePicUrl} size={96} />
          <strong className="t-drawer__name">{name}</strong>
          {number ? (
            <a className="link t-drawer__line" href={`tel:${number}`}>
              <Phone size={14} aria-hidden /> {number}
            </a>
          ) : null}
          {email ? (
            <a className="link t-drawer__line" href={`mailto:${email}`}>
              <Mail size={14} aria-hidden /> {email}
            </a>
          ) : null}
          {onEdit ? (
            <Button size="small" gap="0.3rem" onClick={() => onEdit(ticket.contactId)}>
              <Pencil size={14} aria-hidden /> {t('tickets.contact.edit')}
            </Button>
          ) : null}
        </div>
        <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
        <section className="t-drawer__section">
          <h3>{t('tickets.contact.extraInfo')}</h3>
          {detail.isPending ? <Loader /> : null}
          {c && c.extraInfo.length === 0 ? <p className="muted">{t('tickets.contact.noExtraInfo')}</p> : null}
          {c?.extraInfo.length ? (
            <dl className="t-extra">
              {c.extraInfo.map((x) => (
                <div key={x.id}>
                  <dt>{x.name}</dt>
                  <dd>{x.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      </div>
    </aside>
  );
}
