import { paths } from '../config/paths';
import { setApiHandlers } from '../lib/api';
import { clearSession, getMeQueryOptions } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { navigateTo } from './navigation';
import { AppProvider } from './provider';
import { AppRouter } from './router';

// What the API client does on a refused session, an expired subscription and a refreshed token.
setApiHandlers({
  onUnauthorized: () => clearSession(), // the guard then sends the user to /login
  onSubscriptionExpired: () => {
    if (!window.location.pathname.toLowerCase().startsWith(paths.app.financeiro.path)) navigateTo(paths.app.financeiro.getHref());
  },
  onRefreshed: (answer) => queryClient.setQueryData(getMeQueryOptions().queryKey, answer.user),
});

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
