import { useTranslation } from 'react-i18next';
import { Building2, Mail, MapPin, UserRound } from 'lucide-react';
import { parseContactCards, parseLocation } from '../lib/special-bodies';

/** Location: 'image | link | optional description' (spec 1 §2). */
export function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const loc = parseLocation(body);
  return (
    <div className="chat-location">
      {loc.imageUrl ? <img src={loc.imageUrl} alt={t('chat.message.location')} className="chat-location__map" /> : null}
      <div className="chat-location__row">
        <MapPin size={16} aria-hidden />
        {loc.link ? (
          <a href={loc.link} target="_blank" rel="noopener noreferrer nofollow" className="chat-link">
            {t('chat.message.openMap')}
          </a>
        ) : (
          <span>{t('chat.message.location')}</span>
        )}
      </div>
      {loc.description ? <p className="chat-location__desc">{loc.description}</p> : null}
    </div>
  );
}

/** Contact cards: name, numbers, e-mails, organisation and addresses, one card per contact. */
export function ContactCards({ body }: { body: string }) {
  const { t } = useTranslation();
  const cards = parseContactCards(body);
  return (
    <div className="chat-contacts">
      {cards.map((c, i) => (
        <div key={i} className="chat-contact">
          <span className="chat-contact__avatar" aria-hidden>
            <UserRound size={18} />
          </span>
          <div className="chat-contact__text">
            <strong>{c.name || t('chat.message.contactCard')}</strong>
            {c.numbers.length ? c.numbers.map((n) => <span key={n}>{n}</span>) : <span className="muted">{t('chat.message.noNumber')}</span>}
            {c.emails.map((e) => (
              <span key={e} className="chat-contact__line">
                <Mail size={13} aria-label={t('chat.message.email')} /> {e}
              </span>
            ))}
            {c.org ? (
              <span className="chat-contact__line">
                <Building2 size={13} aria-label={t('chat.message.organisation')} /> {c.org}
              </span>
            ) : null}
            {c.addresses.map((a) => (
              <span key={a} className="chat-contact__line">
                <MapPin size={13} aria-label={t('chat.message.address')} /> {a}
              </span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
