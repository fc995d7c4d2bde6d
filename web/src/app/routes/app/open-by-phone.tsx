import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@conversa/shared/roles';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { contactByNumber } from '../../../features/contacts/api/contact-by-number';
import { openTicket } from '../../../features/contacts/api/open-ticket';
import { useUser } from '../../../lib/auth';
import { currentLang } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../config/paths';
import '../../../styles/contacts.css';

/**
 * /n/{telefone} (spec 1 §2): find or create the contact of the number, open a ticket (or the one
 * already open: ERR_OTHER_OPEN_TICKET) and go to /tickets/{uuid}. A spinner meanwhile, the error
 * in place when it fails.
 */
export default function OpenByPhoneRoute() {
  const { t } = useTranslation();
  const { telefone = '' } = useParams();
  const me = useUser();
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const started = useRef('');

  useEffect(() => {
    if (!telefone || started.current === telefone) return;
    started.current = telefone;
    setError(undefined);
    (async () => {
      const contact = await contactByNumber(telefone);
      const ticket = await openTicket({ contact, showAll: isAdmin(me) });
      navigate(paths.app.ticket.getHref(ticket.uuid), { replace: true });
    })().catch((err: unknown) => setError(errorMessage(err, currentLang(), t('errors.generic'))));
  }, [telefone, me, navigate, t]);

  return (
    <ContentLayout title={t('contacts.openByPhone.title')}>
      <div className="open-by-phone" aria-live="polite">
        {!telefone ? (
          <p>{t('contacts.openByPhone.noPhone')}</p>
        ) : error ? (
          <>
            <p className="field-error" role="alert">
              {t('contacts.openByPhone.failed', { phone: telefone })} {error}
            </p>
            <Link className="link" to={paths.app.tickets.getHref()}>
              {t('contacts.openByPhone.backToTickets')}
            </Link>
          </>
        ) : (
          <>
            <div className="spinner" role="status" aria-label={t('common.loading')} />
            <p>{t('contacts.openByPhone.working', { phone: telefone })}</p>
          </>
        )}
      </div>
    </ContentLayout>
  );
}
