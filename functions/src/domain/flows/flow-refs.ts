/**
 * A flow another record names (a connection's welcome / "no phrase" flow, a queue's flow): it must
 * be one of the caller's company, else ERR_NO_FLOW_FOUND naming the field.
 */
import { getFlow } from '../../adapters/db/flows';
import { AppError } from '../../lib/app-error';

export async function checkFlowRefs(companyId: number, refs: Record<string, number | null | undefined>): Promise<void> {
  const named = Object.entries(refs).filter((e): e is [string, number] => typeof e[1] === 'number');
  const found = await Promise.all(named.map(([, id]) => getFlow(companyId, id)));
  const missing = named.filter((_, i) => !found[i]);
  if (missing.length) throw new AppError('ERR_NO_FLOW_FOUND', missing.map(([path, id]) => ({ path: `body.${path}`, message: `unknown flow ${id}` })));
}
