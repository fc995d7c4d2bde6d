import { useTranslation } from 'react-i18next';
import { Menu, SlidersHorizontal, WifiOff } from 'lucide-react';
import { useUnreadAnnouncements } from '../../features/content/components/drawer-announcements';
import { isAdmin } from '@conversa/shared/roles';
import { useUser } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { useRealtimeState } from '../../lib/realtime';
import { AccountMenu } from './account-menu';

type Props = { onMenu(): void; showMenuButton: boolean; onPreferences(): void; onProfile(): void; onLogout(): void };

/** Greeting, company, 'active until' for admins with a due date (spec 1 §2), then the menus. */
export function TopBar({ onMenu, showMenuButton, onPreferences, onProfile, onLogout }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const socket = useRealtimeState();
  const unread = useUnreadAnnouncements();
  const due = user.company.dueDate;
  return (
    <header className="top-bar">
      {showMenuButton ? (
        <button type="button" className="icon-button icon-button--on-brand" aria-label={t('layout.openMenu')} onClick={onMenu}>
          <Menu size={22} aria-hidden />
        </button>
      ) : null}
      <div className="top-bar__text">
        <span className="top-bar__greeting">{t('layout.greeting', { name: user.name })}</span>
        <span className="top-bar__company">
          {user.company.name}
          {isAdmin(user) && due ? <span className="top-bar__due"> · {t('layout.activeUntil', { date: formatDate(due) })}</span> : null}
        </span>
      </div>
      {socket === 'waiting' ? (
        <span className="top-bar__offline" role="status" title={t('layout.realtimeOffline')}>
          <WifiOff size={18} aria-hidden />
          <span className="visually-hidden">{t('layout.realtimeOffline')}</span>
        </span>
      ) : null}
      <button type="button" className="icon-button icon-button--on-brand icon-button--badged" aria-label={unread ? `${t('layout.quickSettings')} · ${t('layout.announcementsUnread', { count: unread })}` : t('layout.quickSettings')} title={t('layout.quickSettings')} onClick={onPreferences}>
        <SlidersHorizontal size={20} aria-hidden />
        {unread ? <span className="icon-badge" data-testid="announcements-badge">{unread}</span> : null}
      </button>
      <AccountMenu onProfile={onProfile} onLogout={onLogout} />
    </header>
  );
}
