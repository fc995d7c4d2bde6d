/**
 * The editor's graph edits, pure (spec 3 §3 "Node", §4 "Flow editor", §9): ids, where a new or
 * duplicated node goes, the start node added once, deletion with its connections, Organizar
 * Layout, the edges' look, and what is saved. The canvas component only calls these.
 */
import { edgeHandleAllowed, FLOW_LIMITS, type FlowEdge, type FlowGraph, type FlowNodeDataOf, type FlowNodeType } from '@conversa/shared/schemas/flows';

/** Spec 3 §9. */
export const NODE_ID_LENGTH = 30;
export const NEW_NODE_GAP = 40;
export const LAYOUT_COLUMN = 300;
export const LAYOUT_ROW = 150;
export const DUPLICATE_OFFSET = 240;
/** A node not measured yet (just added, or on a server render) counts as this wide. */
export const DEFAULT_NODE_WIDTH = 220;
export const START_ID = '1';
export const START_POSITION = { x: 250, y: 100 } as const;
export const LAYOUT_ORIGIN = { x: 100, y: 100 } as const;
/** The connections' look: animated, thin and red (spec 3 §3 "Connection"). */
export const EDGE_STYLE = { stroke: '#e53935', strokeWidth: 1.5 } as const;

export type XY = { x: number; y: number };
/** A node as the canvas holds it (React Flow adds measured sizes and selection). */
export type EditorNode = {
  id: string;
  type: FlowNodeType;
  position: XY;
  data: Record<string, unknown>;
  style?: Record<string, string | number>;
  width?: number;
  height?: number;
  measured?: { width?: number; height?: number };
  selected?: boolean;
};
export type EditorEdge = { id: string; source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null; animated?: boolean; style?: Record<string, string | number>; selected?: boolean };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new node's id: 30 random letters and digits. */
export function newNodeId(random: (a: Uint8Array) => Uint8Array = (a) => crypto.getRandomValues(a)): string {
  return Array.from(random(new Uint8Array(NODE_ID_LENGTH)), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const startNode = (position: XY = START_POSITION): EditorNode => ({ id: START_ID, type: 'start', position: { ...position }, data: { label: 'Inicio do fluxo' } });

const widthOf = (n: EditorNode) => n.measured?.width ?? n.width ?? DEFAULT_NODE_WIDTH;

/** Right of the last node: its x plus its width plus 40, same y (the start position on an empty canvas). */
export function nextPosition(nodes: readonly EditorNode[]): XY {
  const last = nodes.at(-1);
  return last ? { x: last.position.x + widthOf(last) + NEW_NODE_GAP, y: last.position.y } : { ...START_POSITION };
}

/** A node of `type` added after the last; the others deselected. */
export function addNode<T extends FlowNodeType>(nodes: readonly EditorNode[], type: T, data: FlowNodeDataOf<T>, id = newNodeId()): EditorNode[] {
  return [...nodes.map(deselect), { id, type, position: nextPosition(nodes), data: { ...(data as Record<string, unknown>) } }];
}

/**
 * Inicio again: the start node can be there once, so the existing one (id 1, or an imported start
 * under another id) is taken out and a fresh one with id 1 goes at the end; connections that led
 * from a start under another id go with it.
 */
export function addStartNode(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): { nodes: EditorNode[]; edges: EditorEdge[] } {
  const rest = nodes.filter((n) => n.type !== 'start' && n.id !== START_ID).map(deselect);
  const kept = new Set([...rest.map((n) => n.id), START_ID]);
  return { nodes: [...rest, startNode(nextPosition(rest))], edges: edges.filter((e) => kept.has(e.source) && kept.has(e.target)) };
}

/** A copy with a new id, 240 to the right of the rightmost node, deselected. The start node is not copied (one per flow). */
export function duplicateNode(nodes: readonly EditorNode[], id: string, newId = newNodeId()): EditorNode[] {
  const original = nodes.find((n) => n.id === id);
  if (!original || original.type === 'start') return [...nodes];
  const rightmost = Math.max(...nodes.map((n) => n.position.x));
  const copy: EditorNode = { id: newId, type: original.type, position: { x: rightmost + DUPLICATE_OFFSET, y: original.position.y }, data: structuredClone(original.data), ...(original.style ? { style: { ...original.style } } : {}) };
  return [...nodes.map(deselect), copy];
}

/** The nodes gone, and every connection touching them. */
export function removeNodes(nodes: readonly EditorNode[], edges: readonly EditorEdge[], ids: readonly string[]): { nodes: EditorNode[]; edges: EditorEdge[] } {
  const gone = new Set(ids);
  return { nodes: nodes.filter((n) => !gone.has(n.id)), edges: edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) };
}

/** Connections whose ends and handles still exist (a menu option removed takes its connection with it). */
export function pruneEdges(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): EditorEdge[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return edges.filter((e) => {
    const src = byId.get(e.source);
    return src !== undefined && byId.has(e.target) && edgeHandleAllowed(src, e.sourceHandle ?? null);
  });
}

/** A node's data replaced (a dialog in edit mode), and the connections it no longer has dropped. */
export function replaceData(nodes: readonly EditorNode[], edges: readonly EditorEdge[], id: string, data: Record<string, unknown>): { nodes: EditorNode[]; edges: EditorEdge[] } {
  const next = nodes.map((n) => (n.id === id ? { ...n, data: { ...data } } : n));
  return { nodes: next, edges: pruneEdges(next, edges) };
}

/** Layout's order among siblings (spec 3 §4): start, ticket (queue), question, message, menu, condition, interval, randomizer, singleBlock, img, audio, video; the rest after. */
export const LAYOUT_TYPE_ORDER: readonly FlowNodeType[] = ['start', 'queue', 'question', 'message', 'menu', 'condition', 'interval', 'randomizer', 'singleBlock', 'img', 'audio', 'video'];
const typeRank = (t: FlowNodeType) => {
  const i = LAYOUT_TYPE_ORDER.indexOf(t);
  return i < 0 ? LAYOUT_TYPE_ORDER.length : i;
};

/**
 * Organizar Layout: the start node at (100,100), each following step a column 300 to the right,
 * the nodes of a column 150 apart (by their parent's row, then by type). Nodes nothing reaches
 * come in a last column.
 */
export function organizeLayout(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): EditorNode[] {
  const out = new Map<string, XY>();
  const children = new Map<string, string[]>();
  for (const e of edges) children.set(e.source, [...(children.get(e.source) ?? []), e.target]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const start = nodes.find((n) => n.type === 'start');
  let column: EditorNode[] = start ? [start] : [];
  const seen = new Set(column.map((n) => n.id));
  let depth = 0;
  while (column.length > 0) {
    column.forEach((n, row) => out.set(n.id, { x: LAYOUT_ORIGIN.x + depth * LAYOUT_COLUMN, y: LAYOUT_ORIGIN.y + row * LAYOUT_ROW }));
    const next: { node: EditorNode; parentRow: number }[] = [];
    column.forEach((n, parentRow) => {
      for (const childId of children.get(n.id) ?? []) {
        const child = byId.get(childId);
        if (child && !seen.has(childId)) {
          seen.add(childId);
          next.push({ node: child, parentRow });
        }
      }
    });
    column = next.sort((a, b) => a.parentRow - b.parentRow || typeRank(a.node.type) - typeRank(b.node.type)).map((c) => c.node);
    depth++;
  }
  const orphans = nodes.filter((n) => !seen.has(n.id)).sort((a, b) => typeRank(a.type) - typeRank(b.type));
  orphans.forEach((n, row) => out.set(n.id, { x: LAYOUT_ORIGIN.x + depth * LAYOUT_COLUMN, y: LAYOUT_ORIGIN.y + row * LAYOUT_ROW }));
  return nodes.map((n) => ({ ...n, position: out.get(n.id) ?? n.position }));
}

export const edgeId = (e: Pick<EditorEdge, 'source' | 'target' | 'sourceHandle' | 'targetHandle'>) => `reactflow__edge-${e.source}${e.sourceHandle ?? ''}-${e.target}${e.targetHandle ?? ''}`;

/** A connection drawn on the canvas (one per source handle and target), styled. */
export function connect(edges: readonly EditorEdge[], c: Pick<EditorEdge, 'source' | 'target' | 'sourceHandle' | 'targetHandle'>): EditorEdge[] {
  if (c.source === c.target) return [...edges];
  const id = edgeId(c);
  if (edges.some((e) => e.id === id)) return [...edges];
  return [...edges, { id, source: c.source, target: c.target, sourceHandle: c.sourceHandle ?? null, targetHandle: c.targetHandle ?? null, animated: true, style: { ...EDGE_STYLE } }];
}

/** The canvas from a stored document (a never-saved flow starts with its start node at (250,100)). */
export function fromDocument(graph: FlowGraph | null): { nodes: EditorNode[]; edges: EditorEdge[] } {
  if (!graph) return { nodes: [startNode()], edges: [] };
  const nodes: EditorNode[] = graph.nodes.map((n) => ({ id: n.id, type: n.type, position: { ...n.position }, data: structuredClone(n.data) as Record<string, unknown>, ...(n.style ? { style: n.style } : {}) }));
  const edges: EditorEdge[] = graph.connections.map((e: FlowEdge) => ({ ...e, id: e.id ?? edgeId(e), animated: true, style: { ...EDGE_STYLE, ...(e.style ?? {}) } }));
  return { nodes, edges };
}

/** What POST /flowbuilder/flow sends: the nodes and connections without the canvas's own state. */
export function toDocument(nodes: readonly EditorNode[], edges: readonly EditorEdge[]): { nodes: unknown[]; connections: unknown[] } {
  return {
    nodes: nodes.map((n) => {
      const width = n.measured?.width ?? n.width;
      const height = n.measured?.height ?? n.height;
      return { id: n.id, type: n.type, position: { x: n.position.x, y: n.position.y }, data: n.data, ...(n.style ? { style: n.style } : {}), ...(width ? { width } : {}), ...(height ? { height } : {}) };
    }),
    connections: edges.map((e) => ({ id: e.id, source: e.source, sourceHandle: e.sourceHandle ?? null, target: e.target, targetHandle: e.targetHandle ?? null, animated: e.animated ?? true, style: e.style ?? { ...EDGE_STYLE } })),
  };
}

/** Variables question nodes define: what Capturar may choose (spec 3 §5). */
export function questionVariables(nodes: readonly EditorNode[]): string[] {
  return unique(nodes.flatMap((n) => (n.type === 'question' && typeof n.data.variable === 'string' && n.data.variable ? [n.data.variable] : [])));
}

/** Fields a condition may test: ticketTag, the questions' variables and the http nodes' saved fields. */
export function conditionFields(nodes: readonly EditorNode[]): string[] {
  const saved = nodes.flatMap((n) => (n.type === 'httpRequest' ? ((n.data.saveFields as { variable: string }[] | undefined) ?? []).map((f) => f.variable) : []));
  return unique(['ticketTag', ...questionVariables(nodes), ...saved.filter(Boolean)]);
}

/** Whether one more node fits (FLOW_LIMITS.nodes). */
export const canAdd = (nodes: readonly unknown[]) => nodes.length < FLOW_LIMITS.nodes;

const unique = (xs: string[]) => [...new Set(xs)];
function deselect(n: EditorNode): EditorNode {
  return n.selected ? { ...n, selected: false } : n;
}
