/**
 * The visual flow builder (spec 3 "Flow manager list", "Flow editor", §3 "Flow document", "Node",
 * "Data per node type", §4 "Flow editor", §5, §7 "Flows", §9; BEHAVIOUR.md "Flows").
 *
 * One schema for every document the platform stores, imports or runs: nodes of the spec's types,
 * each with its own data, and edges that leave a node by a handle (menu options `a1`, `a2`…;
 * randomizer `a`/`b`; condition `true`/`false`; http request `success`/`error`) and point at
 * existing nodes. The format is the Whaticket flow builder's, so a company's exported flows import.
 * Extra properties the React Flow canvas adds to nodes (width, height, selected, dragging…) are
 * dropped on parse: what is stored, exported and run is exactly what this schema keeps.
 */
import { z } from 'zod';
import { foldText } from '../text';

import { FLOW_NODE_TYPES, type FlowNodeType } from './flow-state';

export { FLOW_NODE_TYPES, FLOW_WAITS, FlowState, TicketFlowView, type FlowNodeType } from './flow-state';

/** Spec 3 §9 and §5. */
export const FLOW_LIMITS = {
  nodes: 1000,
  edges: 3000,
  /** A node id: the editor makes 30 letters and digits; imported ids may be shorter ('1' for the start node). */
  nodeIdMax: 64,
  textMax: 4096,
  intervalMaxSec: 120,
  menuOptionsMax: 20,
  variablesMax: 50,
  /** The variables a ticket's flow state may hold, in bytes of JSON. */
  variablesBytesMax: 8192,
  /** A flow that advances this many nodes without waiting stops (BEHAVIOUR "Flows"). */
  stepsWithoutWait: 100,
  /** Invalid menu answers before a human takes over. */
  invalidAnswersMax: 3,
  httpTimeoutMs: 10_000,
  httpResponseMaxBytes: 1024 * 1024,
  /** The document as JSON (before compression in storage). */
  documentBytesMax: 2 * 1024 * 1024,
} as const;

/** Spec 3 §5 "Files in the flow builder": per upload path, the types and the size. */
export const FLOW_FILE_RULES = {
  img: { exts: ['png', 'jpg', 'jpeg', 'webp'], maxMb: 2 },
  audio: { exts: ['ogg', 'mp3', 'opus'], maxMb: 5 },
  video: { exts: ['mp4'], maxMb: 20 },
  document: { exts: ['pdf'], maxMb: 20 },
} as const;
export type FlowFileKind = keyof typeof FLOW_FILE_RULES;

const text = z.string().max(FLOW_LIMITS.textMax);
const label = z.string().max(500);
/** A variable's name: what `{{name}}` refers to. */
export const FlowVariableName = z.string().trim().regex(/^[\p{L}\p{N}_.-]{1,60}$/u, 'Nome de variável inválido');
/** A stored flow file: the name the upload answered (no path; resolved under the company's own prefix only). */
export const FlowFileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Arquivo inválido');
const id = z.coerce.number().int().positive().max(2 ** 40);
const keyValue = z.object({ key: z.string().max(200), value: z.string().max(2000) }).strip();

/** Condition operators (spec 3 §5): 1 equal, 2 ≥, 3 ≤, 4 <, 5 >, 6 is empty. */
export const CONDITION_OPERATORS = [1, 2, 3, 4, 5, 6] as const;

export const MenuOption = z.object({ number: z.coerce.number().int().min(1).max(99), value: z.string().max(500), titleOption: z.string().max(500).optional(), submenu: z.unknown().optional() }).strip();

export const SingleBlockElement = z
  .object({
    /** Its key in `seq`: message0, interval1, img0, audio0, video0, document0. */
    number: z.string().regex(/^(message|interval|img|audio|video|document)\d{1,3}$/),
    type: z.enum(['message', 'interval', 'img', 'audio', 'video', 'document']).optional(),
    /** The text, the seconds, or the stored file name. */
    value: z.string().max(FLOW_LIMITS.textMax),
    original: z.string().max(255).optional(),
    record: z.boolean().optional(),
  })
  .strip();

/** A response field the http node saves: its dotted path in the JSON answer → a variable. */
export const HttpSaveField = z.object({ path: z.string().max(200), variable: FlowVariableName }).strip();

export const FlowNodeData = {
  start: z.object({ label: label.default('Inicio do fluxo') }).strip(),
  message: z.object({ label: text }).strip(),
  interval: z.object({ label: label.optional(), sec: z.coerce.number().int().min(1).max(FLOW_LIMITS.intervalMaxSec) }).strip(),
  condition: z.object({ key: z.string().max(200), condition: z.coerce.number().pipe(z.union(CONDITION_OPERATORS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, ...z.ZodLiteral<number>[]])), value: z.string().max(500).default('') }).strip(),
  closeTicket: z.object({ label: text.default('') }).strip(),
  menu: z.object({ message: text, arrayOption: z.array(MenuOption).min(1).max(FLOW_LIMITS.menuOptionsMax) }).strip(),
  question: z.object({ label: text, variable: FlowVariableName }).strip(),
  collect: z.object({ collect: FlowVariableName }).strip(),
  img: z.object({ url: FlowFileName }).strip(),
  audio: z.object({ url: FlowFileName, record: z.boolean().default(true) }).strip(),
  video: z.object({ url: FlowFileName }).strip(),
  document: z.object({ url: FlowFileName, record: z.boolean().optional() }).strip(),
  queue: z
    .object({
      queue: id,
      queueUsersId: id.nullable().optional(),
      moreOptions: z.boolean().default(false),
      checkedUser: z.boolean().default(false),
      ativarRoteador: z.boolean().default(false),
      /** The flow goes on after the ticket entered the queue (BEHAVIOUR: it ends unless the node says so). */
      continueFlow: z.boolean().default(false),
    })
    .strip(),
  tag: z.object({ tag: id }).strip(),
  randomizer: z.object({ percent: z.coerce.number().int().min(0).max(100).multipleOf(10) }).strip(),
  singleBlock: z.object({ seq: z.array(z.string().max(20)).max(50), elements: z.array(SingleBlockElement).max(50) }).strip(),
  httpRequest: z
    .object({
      url: z.string().trim().min(1).max(2000),
      method: z.preprocess((m) => (typeof m === 'string' ? m.toLowerCase() : m), z.enum(['get', 'post', 'put', 'delete'])),
      body: z.string().max(64 * 1024).default(''),
      headers: z.array(keyValue).max(30).default([]),
      params: z.array(keyValue).max(30).default([]),
      saveFields: z.array(HttpSaveField).max(30).default([]),
    })
    .strip(),
  updateContact: z.object({ name: z.string().max(500).default(''), email: z.string().max(500).default(''), zipCode: z.string().max(100).default(''), address: z.string().max(1000).default(''), bussinesName: z.string().max(500).default('') }).strip(),
} satisfies Record<FlowNodeType, z.ZodType>;

export type FlowNodeDataOf<T extends FlowNodeType> = z.infer<(typeof FlowNodeData)[T]>;

/** The handles a node's edges may leave from; null = its one output. */
export function outputHandles(node: { type: FlowNodeType; data: unknown }): readonly (string | null)[] | 'menu' {
  switch (node.type) {
    case 'menu': return 'menu'; // `a<number>` per option
    case 'randomizer': return ['a', 'b'];
    case 'condition': return ['true', 'false'];
    case 'httpRequest': return ['success', 'error'];
    default: return [null];
  }
}

/**
 * Whether an edge may leave `node` by `handle`: a menu's `a<n>` for one of its options, the
 * randomizer's, condition's and http node's own, else the one output (a legacy named handle too).
 */
export function edgeHandleAllowed(node: { type: FlowNodeType; data: unknown }, handle: string | null): boolean {
  const handles = outputHandles(node);
  if (handles === 'menu') return handle !== null && /^a\d+$/.test(handle) && ((node.data as { arrayOption?: { number: number }[] }).arrayOption ?? []).some((o) => `a${o.number}` === handle);
  return handles.includes(handle) || (handles.length === 1 && handles[0] === null && handle !== null && !['a', 'b', 'true', 'false', 'success', 'error'].includes(handle) && !/^a\d+$/.test(handle));
}

const Position = z.object({ x: z.number().finite(), y: z.number().finite() }).strip();
const NodeBase = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id de nó inválido'),
  position: Position,
  style: z.record(z.string().max(60), z.union([z.string().max(200), z.number()])).optional(),
  width: z.number().finite().optional(),
  height: z.number().finite().optional(),
};

export const FlowNode = z.discriminatedUnion(
  'type',
  FLOW_NODE_TYPES.map((t) => z.object({ ...NodeBase, type: z.literal(t), data: FlowNodeData[t] }).strip()) as unknown as [z.ZodObject<{ type: z.ZodLiteral<FlowNodeType> }>, ...z.ZodObject<{ type: z.ZodLiteral<FlowNodeType> }>[]],
);
export type FlowNode = { [T in FlowNodeType]: { id: string; type: T; position: { x: number; y: number }; data: FlowNodeDataOf<T>; style?: Record<string, string | number>; width?: number; height?: number } }[FlowNodeType];

export const FlowEdge = z
  .object({
    id: z.string().max(300).optional(),
    source: z.string().max(64),
    sourceHandle: z.string().max(20).nullable().optional(),
    target: z.string().max(64),
    targetHandle: z.string().max(20).nullable().optional(),
    animated: z.boolean().optional(),
    style: z.record(z.string().max(60), z.union([z.string().max(200), z.number()])).optional(),
  })
  .strip();
export type FlowEdge = z.infer<typeof FlowEdge>;

/**
 * A graph the platform accepts: the nodes and edges above, node ids unique, exactly one start
 * node, every edge from and to an existing node by a handle its source has (a menu's `a<n>` for
 * one of its options). Each problem is an issue with its path, so an import names what is wrong.
 */
export const FlowGraph = z
  .object({ nodes: z.array(z.unknown()).max(FLOW_LIMITS.nodes), connections: z.array(z.unknown()).max(FLOW_LIMITS.edges) })
  .strip()
  .transform((g, ctx) => {
    const nodes: FlowNode[] = [];
    g.nodes.forEach((raw, i) => {
      const r = FlowNode.safeParse(raw);
      if (r.success) nodes.push(r.data as FlowNode);
      else for (const iss of r.error.issues) ctx.addIssue({ code: 'custom', message: iss.message, path: ['nodes', i, ...iss.path] as (string | number)[] });
    });
    const edges: FlowEdge[] = [];
    g.connections.forEach((raw, i) => {
      const r = FlowEdge.safeParse(raw);
      if (r.success) edges.push(r.data);
      else for (const iss of r.error.issues) ctx.addIssue({ code: 'custom', message: iss.message, path: ['connections', i, ...iss.path] as (string | number)[] });
    });
    const byId = new Map<string, FlowNode>();
    nodes.forEach((n, i) => {
      if (byId.has(n.id)) ctx.addIssue({ code: 'custom', message: `id de nó repetido: ${n.id}`, path: ['nodes', i, 'id'] });
      byId.set(n.id, n);
    });
    const starts = nodes.filter((n) => n.type === 'start').length;
    if (starts !== 1) ctx.addIssue({ code: 'custom', message: starts === 0 ? 'O fluxo precisa de um nó de início' : 'O fluxo só pode ter um nó de início', path: ['nodes'] });
    edges.forEach((e, i) => {
      const src = byId.get(e.source);
      if (!src) ctx.addIssue({ code: 'custom', message: `conexão de um nó que não existe: ${e.source}`, path: ['connections', i, 'source'] });
      if (!byId.has(e.target)) ctx.addIssue({ code: 'custom', message: `conexão para um nó que não existe: ${e.target}`, path: ['connections', i, 'target'] });
      if (!src) return;
      const h = e.sourceHandle ?? null;
      if (!edgeHandleAllowed(src, h)) ctx.addIssue({ code: 'custom', message: `saída "${h ?? ''}" não existe no nó ${src.id} (${src.type})`, path: ['connections', i, 'sourceHandle'] });
    });
    return { nodes, connections: edges };
  });
export type FlowGraph = { nodes: FlowNode[]; connections: FlowEdge[] };

/** Spec 3 §5: a flow's name. */
export const FlowName = z.string({ error: 'Digite um nome!' }).trim().min(1, { error: 'Digite um nome!', abort: true }).min(2, 'Muito curto!').max(50, 'Muito longo!');

/** The export file (and what import accepts; a bare `{ nodes, connections }` too). */
export const FlowFile = z.union([z.object({ name: z.string().max(200).optional(), flow: FlowGraph }).strip(), FlowGraph.transform((flow) => ({ name: undefined, flow }))]);

// --- routes (spec 3 §7 "Flows") ---
export const ListFlowsQuery = z.object({ searchParam: z.string().max(200).optional(), pageNumber: z.coerce.number().int().min(1).max(10_000).default(1) }).strip();
export const CreateFlowBody = z.object({ name: FlowName }).strict();
export const RenameFlowBody = z.object({ name: FlowName, flowId: id }).strict();
export const DuplicateFlowBody = z.object({ flowId: id }).strict();
/** POST /flowbuilder/flow. */
export const SaveFlowBody = z
  .object({
    idFlow: id,
    nodes: z.array(z.unknown()).max(FLOW_LIMITS.nodes),
    connections: z.array(z.unknown()).max(FLOW_LIMITS.edges),
    /** The version the editor loaded (GET /flowbuilder/flow/{id}): the save is refused with ERR_FLOW_VERSION_CONFLICT when another came first. Absent: the current one. */
    version: z.number().int().min(0).max(2 ** 31).optional(),
  })
  .strict();
/** PUT /flowbuilder/importFlow/{id}: the file's text. */
export const ImportFlowBody = z.object({ jsonFlow: z.string().min(2).max(FLOW_LIMITS.documentBytesMax) }).strict();
/** POST /flowbuilder/img|audio|documents|content: files uploaded by presigned URL, named by key (the content path takes several). */
export const FlowUploadBody = z
  .object({ medias: z.array(z.object({ key: z.string().regex(/^[A-Za-z0-9/_.-]{1,512}$/), filename: z.string().trim().min(1).max(255), mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(127) }).strict()).min(1).max(20), fromMe: z.boolean().optional(), body: z.string().max(255).optional() })
  .strict();
/** POST /httpRequestTest: the http node's data (variables stay as written). */
export const HttpRequestTestBody = FlowNodeData.httpRequest;

/** GET /flowbuilder/file?name=: a presigned read of one of the company's flow files (the editor's previews). */
export const FlowFileQuery = z.object({ name: FlowFileName }).strip();
/** POST /flowbuilder/img|audio|documents: the stored file's name (what a node's `url` names). POST /flowbuilder/content answers a list of them. */
export type FlowUploadView = { name: string };

/** `lastError`: why a run of the flow last stopped on its own (the 100-step loop), for the admin; absent when none. */
export const FlowView = z.object({ id: z.number(), name: z.string(), active: z.boolean(), version: z.number().int(), updatedAt: z.string(), createdAt: z.string(), lastError: z.string().optional(), lastErrorAt: z.string().optional() });
export type FlowView = z.infer<typeof FlowView>;
/** GET /flowbuilder: `count` = every flow matching the search, `flows` the page asked for. */
export type FlowsPage = { flows: FlowView[]; count: number; hasMore: boolean };
/** POST /flowbuilder/content: the stored names, in the order of `medias`. */
export type FlowContentUploadView = string[];
/** GET /flowbuilder/file?name=: a short-lived address to read a stored flow file (previews). */
export type FlowFileView = { url: string };
/** GET /flowbuilder/flow/{id}: `flow` null for a flow never saved (the editor starts it with its start node). */
export type FlowDocumentView = { flow: { id: number; name: string; version: number; flow: FlowGraph | null } };
/** POST /httpRequestTest answer: status and the response's fields (an object's keys, else `body`). */
export type HttpTestView = { status: number; ok: boolean; fields: Record<string, unknown> };

// --- phrase triggers (GET/POST/PUT/DELETE /flowcampaign) ---
const triggerFields = {
  name: z.string().trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  flowId: id,
  phrase: z.string().trim().min(1, 'Obrigatório').max(200),
  matchType: z.enum(['exact', 'partial']),
  whatsappId: id,
  status: z.boolean(),
};
export const FlowTriggerBody = z.object({ ...triggerFields, matchType: triggerFields.matchType.default('exact'), status: triggerFields.status.default(true) }).strict();
/** PUT /flowcampaign/{id}: the fields sent change (no defaults: a field left out keeps its value). */
export const UpdateFlowTriggerBody = z.object(triggerFields).partial().strict();
/** GET /flowcampaign: one connection's triggers when `whatsappId` is given. */
export const ListFlowTriggersQuery = z.object({ whatsappId: id.optional() }).strip();
export type FlowTriggerView = z.infer<typeof FlowTriggerBody> & { id: number; createdAt: string; updatedAt: string };

/** Phrase match (BEHAVIOUR: accent- and case-insensitive; exact = whole text, partial = contains). */
export const foldPhrase = (s: string): string => foldText(s).replace(/\s+/g, ' ');
export const phraseMatches = (phrase: string, matchType: 'exact' | 'partial', text: string): boolean =>
  matchType === 'exact' ? foldPhrase(text) === foldPhrase(phrase) : foldPhrase(phrase).length > 0 && foldPhrase(text).includes(foldPhrase(phrase));
