/**
 * The handler of a group whose every route is public (the Meta webhooks): the core without any
 * caller check, so the function loads nothing that reads the JWT key (infra/lib/code-access.ts
 * grants what the code loads). A route of the group that is not public fails at load.
 */
import { makeGroupHandler, type Endpoint } from './endpoint-core';
import type { Group } from './routes';

export { endpoint, type Endpoint } from './endpoint-core';

export function publicGroupHandler(group: Group, endpoints: Record<string, Endpoint>) {
  return makeGroupHandler(group, endpoints, {});
}
