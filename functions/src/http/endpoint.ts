/**
 * The handler of a route group with signed-in callers: the core (endpoint-core.ts) with the token
 * verified, then the caller let in only if not overdue, allowed the route's action and on a plan
 * with its flag. `address` = clientAddress for the login throttle (auth.ts).
 */
import { can, planAllows } from '@conversa/shared/roles';
import { loadCaller, verifyCaller, type AuthContext } from '../domain/auth/authenticate';
import type { AccessClaims } from '../domain/auth/tokens';
import { isOverdue } from '../domain/companies/subscription';
import { AppError } from '../lib/app-error';
import { makeGroupHandler, type Endpoint, type GroupOptions } from './endpoint-core';
import type { Group, RouteDef } from './routes';

export { endpoint, type Endpoint } from './endpoint-core';

/** Who may call: the caller a verified token names, if they are let into this route. */
async function admit(def: RouteDef, claims: AccessClaims): Promise<AuthContext> {
  const auth = await loadCaller(claims);
  if (!def.overdueOk && isOverdue(auth.company)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
  if (def.action && !can(auth.user, def.action)) throw new AppError('ERR_NO_PERMISSION');
  if (!planAllows(auth.plan, def.plan)) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  return auth;
}

/** The Lambda handler of one route group. */
export function groupHandler(group: Group, endpoints: Record<string, Endpoint>, opts: Omit<GroupOptions, 'caller'> = {}) {
  return makeGroupHandler(group, endpoints, { ...opts, caller: { verify: verifyCaller, admit } });
}
