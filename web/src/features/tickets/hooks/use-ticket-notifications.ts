import { useEffect, useRef } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { channel } from '@conversa/shared/realtime';
import { useChannel, useRoom } from '../../../lib/realtime';
import { shouldNotify } from '../lib/access';
import { playNotificationSound } from '../lib/notification-sound';
import { useViewer } from './use-viewer';

/** The ticket uuid in /tickets/{uuid}, if the user is on one. */
export function viewedUuid(pathname: string): string | undefined {
  const m = /^\/tickets\/([^/]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/**
 * Desktop notification and sound for a new customer message (spec 1 §2) on a ticket the user may
 * see and is not looking at. Asks for the permission on the first click (browsers want a gesture).
 * Runs in the layout, so it works on every page.
 */
export function useTicketNotifications(companyId: number): void {
  const { t } = useTranslation();
  const { viewer, settings } = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const path = useRef(location.pathname);
  path.current = location.pathname;

  useRoom({ action: 'joinNotification' }, { action: 'leaveNotification' });

  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    const ask = () => void Notification.requestPermission().catch(() => undefined);
    document.addEventListener('click', ask, { once: true });
    return () => document.removeEventListener('click', ask);
  }, []);

  useChannel(channel.appMessage(companyId), ({ data: { action, ticket: tk, message: msg } }) => {
    if (action !== 'create') return;
    const looking = { uuid: viewedUuid(path.current), focused: document.visibilityState === 'visible' && document.hasFocus() };
    if (!shouldNotify(viewer, msg, tk, settings, looking)) return;
    playNotificationSound();
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    try {
      const n = new Notification(t('tickets.notification.title', { name: tk.contact.name }), {
        body: msg.body || (msg.mediaType ? t('tickets.notification.media') : ''),
        tag: tk.uuid,
        icon: tk.contact.profilePicUrl || undefined,
      });
      n.onclick = () => {
        window.focus();
        void navigate(`/tickets/${encodeURIComponent(tk.uuid)}`);
        n.close();
      };
    } catch {
      /* some browsers only allow notifications from a service worker */
    }
  });
}
