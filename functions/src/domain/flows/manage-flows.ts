/**
 * Flows as the admin manages them (spec 3 "Flow manager list", "Flow editor", §3, §5, §7 "Flows";
 * BEHAVIOUR.md "Flows"): the list, create, rename, delete, duplicate, the document, save, import
 * and export. The run itself is the runtime's.
 * - A flow starts at version 0 (never saved: its document is null, the editor draws the start
 *   node). Each save or import parses the graph with the shared schema (ERR_FLOW_INVALID with
 *   every issue, nothing written), checks the files it names (flow-files.ts), and stores it as the
 *   next immutable version, conditional on the version the editor loaded (two tabs: the second
 *   save gets ERR_FLOW_VERSION_CONFLICT). Tickets inside the flow finish on their version.
 * - A delete removes the flow and its phrase triggers; its versions stay for the tickets still
 *   on one. A connection or queue naming the deleted flow starts nothing (the runtime finds no flow).
 * - A copy is '<name> - cópia' with the original's current graph as its version 1.
 */
import type { FlowDocumentView, FlowGraph, FlowsPage, FlowView } from '@conversa/shared/schemas/flows';
import { foldText } from '@conversa/shared/text';
import { nextId } from '../../adapters/db/counters';
import {
  FlowVersionConflict, deleteFlow, deleteFlowTrigger, getFlow, getFlowGraph, listFlowTriggers, listFlows, putFlow, saveFlowVersion, updateFlowFields, type Flow,
} from '../../adapters/db/flows';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import type { AuthContext } from '../auth/authenticate';
import { NEW_FLOW, attachmentOf, flowFileText, parseGraph, readFlowFile } from './flow-document';
import { checkFlowMedia } from './flow-files';

/** Flows a page of GET /flowbuilder holds (the screen pages 10 a page on the client; companies have tens). */
export const FLOWS_PAGE = 100;
const COPY_SUFFIX = ' - cópia';
/** A copy's name, within the name's 50 characters (the original's name is cut, never the suffix). */
export const copyName = (name: string): string => `${name.slice(0, 50 - COPY_SUFFIX.length).trim()}${COPY_SUFFIX}`;

export async function loadFlow(cid: number, id: number): Promise<Flow> {
  const f = await getFlow(cid, id, true);
  if (!f) throw new AppError('ERR_NO_FLOW_FOUND');
  return f;
}

export const flowView = (f: Flow): FlowView => ({ id: f.id, name: f.name, active: f.active, version: f.version, createdAt: f.createdAt, updatedAt: f.updatedAt, ...(f.lastError ? { lastError: f.lastError, lastErrorAt: f.lastErrorAt } : {}) });

const documentView = (f: Flow, graph: FlowGraph | null): FlowDocumentView => ({ flow: { id: f.id, name: f.name, version: f.version, flow: graph } });

/** The flow's current graph (null when never saved). */
const currentGraph = (f: Flow): Promise<FlowGraph | null> => (f.version > 0 ? getFlowGraph(f.companyId, f.id, f.version) : Promise.resolve(null));

/** GET /flowbuilder: newest first; `searchParam` matches the name (case and accents aside). */
export async function listFlowsPage(auth: Pick<AuthContext, 'companyId'>, q: { searchParam?: string; pageNumber: number }): Promise<FlowsPage> {
  const search = foldText(q.searchParam ?? '');
  const all = (await listFlows(auth.companyId)).filter((f) => !search || foldText(f.name).includes(search)).sort((a, b) => b.id - a.id);
  const from = (q.pageNumber - 1) * FLOWS_PAGE;
  return { flows: all.slice(from, from + FLOWS_PAGE).map(flowView), count: all.length, hasMore: from + FLOWS_PAGE < all.length };
}

async function insertFlow(auth: AuthContext, name: string): Promise<Flow> {
  const now = new Date().toISOString();
  const f: Flow = { id: await nextId(auth.companyId, 'flow'), companyId: auth.companyId, name, active: true, version: 0, rev: 0, createdAt: now, updatedAt: now };
  await putFlow(f);
  return f;
}

/** POST /flowbuilder: a new flow, never saved (version 0). */
export async function createFlow(auth: AuthContext, name: string): Promise<FlowView> {
  const f = await insertFlow(auth, name);
  await recordAudit(auth, { action: 'flow.create', target: { id: f.id, name }, after: { name } });
  return flowView(f);
}

/** PUT /flowbuilder: the flow's new name. */
export async function renameFlow(auth: AuthContext, id: number, name: string): Promise<FlowView> {
  const was = await loadFlow(auth.companyId, id);
  const f = await updateFlowFields(auth.companyId, id, { name }, new Date().toISOString());
  if (!f) throw new AppError('ERR_NO_FLOW_FOUND');
  await recordAudit(auth, { action: 'flow.update', target: { id, name }, before: { name: was.name }, after: { name } });
  return flowView(f);
}

/** DELETE /flowbuilder/{id}: the flow and its phrase triggers. */
export async function removeFlow(auth: AuthContext, id: number): Promise<void> {
  const cid = auth.companyId;
  const f = await loadFlow(cid, id);
  if (!(await deleteFlow(cid, id))) throw new AppError('ERR_NO_FLOW_FOUND');
  const triggers = (await listFlowTriggers(cid)).filter((t) => t.flowId === id);
  await Promise.all(triggers.map((t) => deleteFlowTrigger(cid, t.id)));
  await recordAudit(auth, { action: 'flow.delete', target: { id, name: f.name }, before: { name: f.name, version: f.version } });
}

/** Stores `graph` as the flow's next version, conditional on `expected`; answers the flow as it now is. */
async function storeVersion(f: Flow, expected: number, graph: FlowGraph): Promise<Flow> {
  const now = new Date().toISOString();
  try {
    const version = await saveFlowVersion(f.companyId, f.id, expected, graph, now);
    return { ...f, version, updatedAt: now, rev: f.rev + 1 };
  } catch (err) {
    // Another save came first, or the flow is gone.
    if (err instanceof FlowVersionConflict) throw new AppError((await getFlow(f.companyId, f.id, true)) ? 'ERR_FLOW_VERSION_CONFLICT' : 'ERR_NO_FLOW_FOUND');
    if (err instanceof RangeError) throw new AppError('ERR_FLOW_TOO_LARGE');
    throw err;
  }
}

/** POST /flowbuilder/duplicate: '<name> - cópia', its graph the original's current one (version 1), or never saved like it. */
export async function duplicateFlow(auth: AuthContext, id: number): Promise<FlowView> {
  const from = await loadFlow(auth.companyId, id);
  const graph = await currentGraph(from);
  let f = await insertFlow(auth, copyName(from.name));
  if (graph) {
    try {
      f = await storeVersion(f, 0, graph);
    } catch (err) {
      await deleteFlow(f.companyId, f.id);
      throw err;
    }
  }
  await recordAudit(auth, { action: 'flow.duplicate', target: { id: f.id, name: f.name }, after: { name: f.name, duplicatedFrom: from.id } });
  return flowView(f);
}

/** GET /flowbuilder/flow/{id}: the flow with its current graph (null when never saved). */
export async function flowDocument(auth: Pick<AuthContext, 'companyId'>, id: number): Promise<FlowDocumentView> {
  const f = await loadFlow(auth.companyId, id);
  return documentView(f, await currentGraph(f));
}

/**
 * POST /flowbuilder/flow: the editor's graph as the next version, conditional on `version` (the
 * one it loaded; the current one when not sent).
 */
export async function saveFlow(auth: AuthContext, input: { idFlow: number; nodes: unknown[]; connections: unknown[]; version?: number }): Promise<FlowDocumentView> {
  const f = await loadFlow(auth.companyId, input.idFlow);
  const graph = parseGraph({ nodes: input.nodes, connections: input.connections });
  await checkFlowMedia(auth.companyId, graph);
  const saved = await storeVersion(f, input.version ?? f.version, graph);
  await recordAudit(auth, { action: 'flow.save', target: { id: f.id, name: f.name }, before: { version: f.version }, after: { version: saved.version, nodes: graph.nodes.length } });
  return documentView(saved, graph);
}

/** PUT /flowbuilder/importFlow/{id}: an exported file's graph as the flow's next version (its name stays). */
export async function importFlow(auth: AuthContext, id: number, text: string): Promise<FlowDocumentView> {
  const f = await loadFlow(auth.companyId, id);
  const { graph, prefix } = readFlowFile(text);
  await checkFlowMedia(auth.companyId, graph, prefix);
  const saved = await storeVersion(f, f.version, graph);
  await recordAudit(auth, { action: 'flow.import', target: { id: f.id, name: f.name }, before: { version: f.version }, after: { version: saved.version, nodes: graph.nodes.length } });
  return documentView(saved, graph);
}

/** GET /flowbuilder/exportFlow/{id}: the file's text and its Content-Disposition (a never-saved flow exports its start node). */
export async function exportFlow(auth: Pick<AuthContext, 'companyId'>, id: number): Promise<{ text: string; disposition: string }> {
  const f = await loadFlow(auth.companyId, id);
  return { text: flowFileText(f.name, (await currentGraph(f)) ?? NEW_FLOW), disposition: attachmentOf(f.name) };
}
