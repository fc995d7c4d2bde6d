/**
 * Phrase triggers (GET/POST/PUT/DELETE /flowcampaign; BEHAVIOUR.md "Flows", trigger 1): a
 * phrase on a connection that starts a flow, matched exactly or partially. The flow and the
 * connection a trigger names are the caller's company's (ERR_NO_FLOW_FOUND, ERR_NO_WAPP_FOUND).
 */
import type { FlowTriggerBody, FlowTriggerView, UpdateFlowTriggerBody } from '@conversa/shared/schemas/flows';
import type { z } from 'zod';
import { getConnection } from '../../adapters/db/connections';
import { nextId } from '../../adapters/db/counters';
import { deleteFlowTrigger, getFlow, getFlowTrigger, listFlowTriggers, putFlowTrigger, type FlowTrigger } from '../../adapters/db/flows';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import type { AuthContext } from '../auth/authenticate';

export const triggerView = (t: FlowTrigger): FlowTriggerView => ({
  id: t.id, name: t.name, flowId: t.flowId, phrase: t.phrase, matchType: t.matchType, whatsappId: t.whatsappId, status: t.status, createdAt: t.createdAt, updatedAt: t.updatedAt,
});

/** What the audit log keeps of a trigger. */
const audited = ({ name, flowId, phrase, matchType, whatsappId, status }: FlowTrigger) => ({ name, flowId, phrase, matchType, whatsappId, active: status });

async function loadTrigger(cid: number, id: number): Promise<FlowTrigger> {
  const t = await getFlowTrigger(cid, id);
  if (!t) throw new AppError('ERR_NO_FLOW_TRIGGER_FOUND');
  return t;
}

/** The flow and the connection named are the company's. */
async function checkRefs(cid: number, r: { flowId?: number; whatsappId?: number }): Promise<void> {
  const [flow, conn] = await Promise.all([r.flowId ? getFlow(cid, r.flowId) : undefined, r.whatsappId ? getConnection(cid, r.whatsappId) : undefined]);
  if (r.flowId && !flow) throw new AppError('ERR_NO_FLOW_FOUND');
  if (r.whatsappId && !conn) throw new AppError('ERR_NO_WAPP_FOUND');
}

/** GET /flowcampaign: the company's triggers (one connection's with `whatsappId`), oldest first. */
export async function listTriggers(auth: Pick<AuthContext, 'companyId'>, q: { whatsappId?: number }): Promise<{ flowCampaigns: FlowTriggerView[] }> {
  const all = await listFlowTriggers(auth.companyId);
  return { flowCampaigns: all.filter((t) => !q.whatsappId || t.whatsappId === q.whatsappId).sort((a, b) => a.id - b.id).map(triggerView) };
}

export const findTrigger = async (auth: Pick<AuthContext, 'companyId'>, id: number): Promise<FlowTriggerView> => triggerView(await loadTrigger(auth.companyId, id));

/** POST /flowcampaign. */
export async function createTrigger(auth: AuthContext, body: z.output<typeof FlowTriggerBody>): Promise<FlowTriggerView> {
  const cid = auth.companyId;
  await checkRefs(cid, body);
  const now = new Date().toISOString();
  const t: FlowTrigger = { ...body, id: await nextId(cid, 'flowTrigger'), companyId: cid, createdAt: now, updatedAt: now };
  await putFlowTrigger(t);
  await recordAudit(auth, { action: 'flowTrigger.create', target: { id: t.id, name: t.name }, after: audited(t) });
  return triggerView(t);
}

/** PUT /flowcampaign/{id}: the fields sent change. */
export async function updateTrigger(auth: AuthContext, id: number, body: z.output<typeof UpdateFlowTriggerBody>): Promise<FlowTriggerView> {
  const cid = auth.companyId;
  const was = await loadTrigger(cid, id);
  await checkRefs(cid, body);
  const t: FlowTrigger = { ...was, ...body, updatedAt: new Date().toISOString() };
  if (!(await putFlowTrigger(t, true))) throw new AppError('ERR_NO_FLOW_TRIGGER_FOUND');
  await recordAudit(auth, { action: 'flowTrigger.update', target: { id, name: t.name }, before: audited(was), after: audited(t) });
  return triggerView(t);
}

/** DELETE /flowcampaign/{id}. */
export async function removeTrigger(auth: AuthContext, id: number): Promise<void> {
  const was = await loadTrigger(auth.companyId, id);
  if (!(await deleteFlowTrigger(auth.companyId, id))) throw new AppError('ERR_NO_FLOW_TRIGGER_FOUND');
  await recordAudit(auth, { action: 'flowTrigger.delete', target: { id, name: was.name }, before: audited(was) });
}
