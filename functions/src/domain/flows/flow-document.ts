/**
 * A flow document as the API reads and writes it (spec 3 §3 "Flow document", §7 "Flows"): pure,
 * no storage. Every document the editor saves or a file imports is parsed with the one schema
 * (FlowGraph); what is wrong is reported issue by issue, with the path of the item in the
 * document. The export file is the stored graph, serialised the same way every time, so exporting
 * an imported export gives the same bytes.
 */
import { FLOW_LIMITS, FlowFileName, FlowGraph, type FlowFileKind } from '@conversa/shared/schemas/flows';
import { AppError, type Issue } from '../../lib/app-error';

/** At most this many issues are answered (a file of 1,000 broken nodes names the first ones). */
const MAX_ISSUES = 100;

/** A never-saved flow as the editor starts it (spec 3 §3): one start node at (250,100), id '1'. */
export const NEW_FLOW: FlowGraph = { nodes: [{ id: '1', position: { x: 250, y: 100 }, type: 'start', data: { label: 'Inicio do fluxo' } }], connections: [] };

const issuesOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix: string[]): Issue[] =>
  issues.slice(0, MAX_ISSUES).map((i) => ({ path: [...prefix, ...i.path.map(String)].join('.') || '(documento)', message: i.message }));

/**
 * `raw` ({ nodes, connections }) as a graph the platform accepts; ERR_FLOW_INVALID with each
 * issue (its path prefixed with `prefix`), ERR_FLOW_TOO_LARGE past FLOW_LIMITS.documentBytesMax.
 */
export function parseGraph(raw: unknown, prefix: string[] = []): FlowGraph {
  const out = FlowGraph.safeParse(raw);
  if (!out.success) throw new AppError('ERR_FLOW_INVALID', issuesOf(out.error.issues, prefix));
  if (Buffer.byteLength(JSON.stringify(out.data)) > FLOW_LIMITS.documentBytesMax) throw new AppError('ERR_FLOW_TOO_LARGE');
  return out.data as FlowGraph;
}

/**
 * An import file's text (PUT /flowbuilder/importFlow/{id}): `{ name, flow: { nodes, connections } }`
 * as exported (here or by the Whaticket flow builder), or a bare `{ nodes, connections }`.
 */
export function readFlowFile(text: string): { graph: FlowGraph; prefix: string[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new AppError('ERR_FLOW_FILE_NOT_JSON');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new AppError('ERR_FLOW_FILE_NOT_JSON');
  const prefix = 'flow' in doc ? ['flow'] : [];
  return { graph: parseGraph('flow' in doc ? doc.flow : doc, prefix), prefix };
}

/** The export file (GET /flowbuilder/exportFlow/{id}): compact JSON, keys in the schema's order. */
export const flowFileText = (name: string, graph: FlowGraph): string => JSON.stringify({ name, flow: { nodes: graph.nodes, connections: graph.connections } });

/** A download's Content-Disposition: '<name>.json', the name kept whole in `filename*`. */
export function attachmentOf(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 ._-]+/g, '_').trim() || 'fluxo';
  return `attachment; filename="${ascii}.json"; filename*=UTF-8''${encodeURIComponent(`${name}.json`)}`;
}

/** A stored file a graph names: where (for the issue's path), which kind of node or card, and its name. */
export type FlowMediaRef = { path: string; kind: FlowFileKind; name: string };

const CARD_KINDS: Record<string, FlowFileKind> = { img: 'img', audio: 'audio', video: 'video', document: 'document' };

/** Every stored file the graph names: the media nodes' `url` and the single blocks' media cards' `value`. */
export function mediaOf(graph: FlowGraph): FlowMediaRef[] {
  const out: FlowMediaRef[] = [];
  graph.nodes.forEach((n, i) => {
    if (n.type === 'img' || n.type === 'audio' || n.type === 'video' || n.type === 'document') out.push({ path: `nodes.${i}.data.url`, kind: n.type, name: n.data.url });
    if (n.type !== 'singleBlock') return;
    n.data.elements.forEach((e, j) => {
      const kind = CARD_KINDS[e.number.replace(/\d+$/, '')];
      if (kind) out.push({ path: `nodes.${i}.data.elements.${j}.value`, kind, name: e.value });
    });
  });
  return out;
}

/** The refs whose name cannot be a stored flow file at all (a path, a URL, empty). */
export const badNames = (refs: FlowMediaRef[]): FlowMediaRef[] => refs.filter((r) => !FlowFileName.safeParse(r.name).success);
