import { useCallback, useMemo, useState } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { Outlet, useNavigate } from 'react-router-dom';
import { DRAWER_TEMPORARY_BELOW_PX } from '@conversa/shared/constants';
import { isAdmin } from '@conversa/shared/roles';
import '../../styles/amplify-app';
import { wsUrl } from '../../config/env';
import { useConnectionsRealtime } from '../../features/connections/hooks/use-connections-realtime';
import { useTicketNotifications } from '../../features/tickets/hooks/use-ticket-notifications';
import { TwoFactorPanel } from '../../features/auth/components/two-factor-panel';
import { UserModal } from '../../features/users/components/user-modal';
import { useQuickMessagesRealtime } from '../../features/quick-messages/hooks/use-quick-messages-realtime';
import { useSettingsRealtime } from '../../features/settings/hooks/use-settings-realtime';
import { usePaymentEvent } from '../../features/billing/hooks/use-payment-event';
import { useMediaQuery } from '../../hooks/use-media-query';
import { buildTheme } from '../../lib/amplify-theme';
import { api } from '../../lib/api';
import { getToken } from '../../lib/auth-token';
import { clearSession, useLogout, useUser } from '../../lib/auth';
import { RealtimeProvider } from '../../lib/realtime';
import { RealtimeSocket, type SocketState } from '../../lib/socket';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useBrandColors, useColorMode } from '../../lib/theme-mode';
import { paths } from '../../config/paths';
import { NavDrawer } from './nav-drawer';
import { RightDrawer } from './right-drawer';
import { TopBar } from './top-bar';
import { useSessionEvents } from './use-session-events';
// The signed-in area's texts: in this chunk, not the login page's (lib/i18n registerSection).
import '../../lib/i18n/locales/tickets';
import '../../lib/i18n/locales/chat';
import '../../lib/i18n/locales/contacts';
import '../../lib/i18n/locales/quickMessages';
import '../../lib/i18n/locales/dashboard';

function createSocket(companyId: number, onState: (s: SocketState) => void): RealtimeSocket {
  return new RealtimeSocket({
    url: wsUrl(),
    companyId,
    getToken,
    refresh: async () => {
      const token = await api.refresh();
      if (!token) clearSession(); // the session is over: back to /login
      return token;
    },
    onStateChange: onState,
  });
}

/** Everything inside the socket provider: events, drawers, bar, page. */
function Shell() {
  const user = useUser();
  const navigate = useNavigate();
  const temporary = useMediaQuery(`(max-width: ${DRAWER_TEMPORARY_BELOW_PX - 1}px)`);
  const [pinned, setPinned] = useState(() => readStorage(STORAGE_KEYS.drawerOpen) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [prefsOpen, setPrefsOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = useLogout({ onSuccess: () => void navigate(paths.auth.login.getHref(), { replace: true }) });

  useSessionEvents();
  useSettingsRealtime(user.companyId);
  // A payment lets an overdue company out of /financeiro without a new login: the session reads /auth/me again.
  usePaymentEvent(user.companyId);
  useQuickMessagesRealtime(user.companyId);
  // Admins: the connections list (page and drawer badge) follows the sessions live.
  useConnectionsRealtime(user.companyId, isAdmin(user));
  // New customer messages: desktop notification and sound, on every page.
  useTicketNotifications(user.companyId);

  const setDrawer = useCallback((open: boolean) => {
    setPinned(open);
    writeStorage(STORAGE_KEYS.drawerOpen, String(open));
  }, []);

  const open = temporary ? mobileOpen : pinned;

  return (
    <div className={`shell${!temporary && pinned ? ' shell--open' : ''}${!temporary && !pinned ? ' shell--mini' : ''}`}>
      <NavDrawer
        open={open}
        temporary={temporary}
        onClose={() => setMobileOpen(false)}
        onCollapse={() => setDrawer(false)}
        onNavigate={() => temporary && setMobileOpen(false)}
        onLogout={() => logout.mutate()}
      />
      <div className="shell__main">
        <TopBar
          showMenuButton={temporary || !pinned}
          onMenu={() => (temporary ? setMobileOpen(true) : setDrawer(true))}
          onPreferences={() => setPrefsOpen(true)}
          onProfile={() => setProfileOpen(true)}
          onLogout={() => logout.mutate()}
        />
        <main className="shell__content" id="main">
          <Outlet />
        </main>
      </div>
      <RightDrawer open={prefsOpen} onClose={() => setPrefsOpen(false)} companyId={user.companyId} />
      <UserModal open={profileOpen} userId={user.id} self onClose={() => setProfileOpen(false)}>
        <TwoFactorPanel />
      </UserModal>
    </div>
  );
}

export default function MainLayout() {
  const user = useUser();
  const mode = useColorMode();
  const { main } = useBrandColors();
  const theme = useMemo(() => buildTheme(main), [main]);
  return (
    <ThemeProvider theme={theme} colorMode={mode}>
      <RealtimeProvider companyId={user.companyId} create={createSocket}>
        <Shell />
      </RealtimeProvider>
    </ThemeProvider>
  );
}
