import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, Headset, Hourglass, Inbox, MessageSquareReply, MessageSquareText, Timer, UserPlus } from 'lucide-react';
import type { DashboardView } from '@conversa/shared/schemas/dashboard';
import { formatHoursMinutes } from '../lib/dashboard-format';

type Card = { key: string; label: string; value: ReactNode; icon: ReactNode; tone: string };

/** The nine cards of spec 1 §2 "Dashboard". */
export function StatCards({ data }: { data: DashboardView | undefined }) {
  const { t } = useTranslation();
  const c = data?.counters;
  const online = data?.attendants.filter((a) => a.online).length ?? 0;
  const total = data?.attendants.length ?? 0;
  const n = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString());
  const cards: Card[] = [
    { key: 'inService', label: t('dashboard.cards.inService'), value: n(c?.supportHappening), icon: <Headset size={22} />, tone: 'info' },
    { key: 'waiting', label: t('dashboard.cards.waiting'), value: n(c?.supportPending), icon: <Hourglass size={22} />, tone: 'warning' },
    { key: 'online', label: t('dashboard.cards.online'), value: data ? t('dashboard.cards.onlineValue', { online, total }) : '–', icon: <Inbox size={22} />, tone: 'success' },
    { key: 'finished', label: t('dashboard.cards.finished'), value: n(c?.supportFinished), icon: <CheckCircle2 size={22} />, tone: 'success' },
    { key: 'sent', label: t('dashboard.cards.sent'), value: n(c?.totalSentMessages), icon: <MessageSquareReply size={22} />, tone: 'brand' },
    { key: 'received', label: t('dashboard.cards.received'), value: n(c?.totalReceivedMessages), icon: <MessageSquareText size={22} />, tone: 'brand' },
    { key: 'leads', label: t('dashboard.cards.leads'), value: n(c?.leads), icon: <UserPlus size={22} />, tone: 'info' },
    { key: 'avgSupport', label: t('dashboard.cards.avgSupport'), value: c ? formatHoursMinutes(c.avgSupportTime) : '–', icon: <Timer size={22} />, tone: 'brand' },
    { key: 'avgWait', label: t('dashboard.cards.avgWait'), value: c ? formatHoursMinutes(c.avgWaitTime) : '–', icon: <Clock size={22} />, tone: 'warning' },
  ];
  return (
    <ul className="dash-cards" aria-label={t('dashboard.cards.label')}>
      {cards.map((card) => (
        <li key={card.key} className={`dash-card dash-card--${card.tone}`} data-testid={`dash-card-${card.key}`}>
          <span className="dash-card__icon" aria-hidden>
            {card.icon}
          </span>
          <span className="dash-card__text">
            <span className="dash-card__label">{card.label}</span>
            <strong className="dash-card__value">{card.value}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}
