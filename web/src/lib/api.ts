/** The app's one API client; the app layer wires what happens on 401, 402 and refresh. */
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import { env } from '../config/env';
import { createApiClient } from './api-client';
import { getToken, setToken } from './auth-token';

type Handlers = {
  onRefreshed(answer: SessionAnswer): void;
  onUnauthorized(): void;
  onSubscriptionExpired(): void;
};

const handlers: Handlers = { onRefreshed: () => {}, onUnauthorized: () => {}, onSubscriptionExpired: () => {} };

export function setApiHandlers(h: Partial<Handlers>): void {
  Object.assign(handlers, h);
}

export const api = createApiClient({
  baseUrl: env.VITE_API_URL,
  getToken,
  setToken,
  onRefreshed: (a) => handlers.onRefreshed(a),
  onUnauthorized: () => handlers.onUnauthorized(),
  onSubscriptionExpired: () => handlers.onSubscriptionExpired(),
});
