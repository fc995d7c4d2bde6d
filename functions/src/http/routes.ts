/**
 * The route table: one list read by the CDK (API Gateway routes, one Lambda per group), by the
 * local gateway, and by the tenant-isolation and bad-input harnesses. Pure data, no handlers.
 */
import type { Action, PlanGate } from '@conversa/shared/roles';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Group = 'auth' | 'users' | 'settings' | 'platform' | 'connections' | 'webhooks' | 'messages';

export type RouteDef = {
  method: Method;
  /** API Gateway syntax: `/users/{id}`. */
  path: string;
  group: Group;
  /** No token needed. */
  public?: true;
  /** The permission the caller needs (roles.ts); absent = any signed-in user. */
  action?: Action;
  plan?: PlanGate;
  /** Reachable while the subscription is overdue. */
  overdueOk?: true;
};

export const ROUTES: readonly RouteDef[] = [
  // auth (spec 1 §7)
  { method: 'POST', path: '/auth/login', group: 'auth', public: true },
  { method: 'POST', path: '/auth/refresh_token', group: 'auth', public: true },
  { method: 'DELETE', path: '/auth/logout', group: 'auth', public: true },
  { method: 'GET', path: '/auth/me', group: 'auth', overdueOk: true },
  { method: 'POST', path: '/auth/signup', group: 'auth', public: true },
  { method: 'POST', path: '/forgetpassword/{email}', group: 'auth', public: true },
  { method: 'POST', path: '/resetpasswords/{email}/{token}/{newPassword}', group: 'auth', public: true },
  // users (spec 1 §5, spec 2 §5)
  { method: 'GET', path: '/users', group: 'users', action: 'users:manage' },
  { method: 'GET', path: '/users/list', group: 'users', action: 'users:list' },
  { method: 'GET', path: '/users/{id}', group: 'users', action: 'users:read-self' },
  { method: 'POST', path: '/users', group: 'users', action: 'users:manage' },
  { method: 'PUT', path: '/users/{id}', group: 'users', action: 'users:read-self' },
  { method: 'DELETE', path: '/users/{id}', group: 'users', action: 'users:manage' },
  // settings (spec 1 §3)
  { method: 'GET', path: '/settings', group: 'settings', action: 'settings:read' },
  { method: 'GET', path: '/settings/{key}', group: 'settings', action: 'settings:read', overdueOk: true },
  { method: 'PUT', path: '/settings/{key}', group: 'settings', action: 'settings:write' },
  // platform
  { method: 'GET', path: '/version', group: 'platform', public: true },
  { method: 'GET', path: '/plans/list', group: 'platform', public: true },
  { method: 'GET', path: '/companies/listPlan/{id}', group: 'platform', overdueOk: true },
  // connections and sessions (spec 2 "Connections list", spec 1 §7)
  { method: 'GET', path: '/whatsapp', group: 'connections' },
  { method: 'GET', path: '/whatsapp/{id}', group: 'connections' },
  { method: 'POST', path: '/whatsapp', group: 'connections', action: 'connections:manage' },
  { method: 'PUT', path: '/whatsapp/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'DELETE', path: '/whatsapp/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'PUT', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'DELETE', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/whatsapp-restart', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/facebook', group: 'connections', action: 'connections:manage', plan: { flag: 'useFacebook' } },
  // the sandbox channel's phone (DESIGN.md "Channels")
  { method: 'POST', path: '/sandbox/{whatsappId}/scan', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/sandbox/{whatsappId}/inbound', group: 'connections', action: 'connections:manage' },
  { method: 'GET', path: '/sandbox/{whatsappId}/outbox', group: 'connections', action: 'connections:manage' },
  // messages (spec 1 §7; the inbox issue adds the rest)
  { method: 'POST', path: '/messages/{ticketId}', group: 'messages' },
  // Meta webhooks (DESIGN.md "Channels"): verification GET and signed POSTs, no token
  { method: 'GET', path: '/webhooks/wppoficial', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/wppoficial', group: 'webhooks', public: true },
  { method: 'GET', path: '/webhooks/facebook', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/facebook', group: 'webhooks', public: true },
  { method: 'GET', path: '/webhooks/instagram', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/instagram', group: 'webhooks', public: true },
];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

export const GROUPS: readonly Group[] = [...new Set(ROUTES.map((r) => r.group))];

/** Paths whose answer does not depend on the caller's company (nothing to isolate). */
export const COMPANY_AGNOSTIC = new Set(['GET /version', 'GET /plans/list']);
