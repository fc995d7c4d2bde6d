import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * Failed calls toast through the shared handler unless the caller asked for silence. A missing or
 * refused token (401 ERR_UNAUTHENTICATED) is not toasted: the guard simply shows the login page.
 */
const quiet = (err: unknown) => isApiError(err) && err.status === 401 && err.code === 'ERR_UNAUTHENTICATED';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (!query.meta?.silent && !quiet(err)) notifyError(err);
    },
  }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => {
      if (!mutation.meta?.silent && !quiet(err)) notifyError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
