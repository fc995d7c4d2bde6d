/**
 * A ticket inside a flow (BEHAVIOUR.md "Flows"): the state kept on the ticket and what the agent
 * sees of it. Apart from flows.ts so the tickets' schemas (every message-path bundle) do not pull
 * in the whole flow document schema.
 */
import { z } from 'zod';

export const FLOW_NODE_TYPES = [
  'start', 'message', 'singleBlock', 'interval', 'menu', 'question', 'collect', 'condition', 'randomizer',
  'httpRequest', 'updateContact', 'queue', 'tag', 'closeTicket', 'img', 'audio', 'video', 'document',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

// --- a ticket inside a flow (BEHAVIOUR "Flows": one attribute on the ticket) ---
export const FLOW_WAITS = ['answer', 'menu', 'interval', 'http'] as const;
export const FlowState = z.object({
  flowId: z.number(),
  version: z.number().int(),
  /** The node it is at (waiting on, or about to run). */
  nodeId: z.string(),
  /** That node's type (what the agent sees on the ticket without the graph). */
  nodeType: z.enum(FLOW_NODE_TYPES).optional(),
  waiting: z.enum(FLOW_WAITS).nullable(),
  /** For `interval`: the wake's token (a stale wake whose token differs does nothing). */
  wakeToken: z.string().optional(),
  /** For an interval card inside a `singleBlock`: the card the block goes on from after the wake. */
  blockAt: z.number().int().min(0).optional(),
  /** The text card at `blockAt` has shown "typing…" for its moment (the wake that ends it sends the text). */
  blockTyped: z.boolean().optional(),
  variables: z.record(z.string(), z.string()),
  invalid: z.number().int().min(0),
  steps: z.number().int().min(0),
  /** Bumped on every write: the condition each step's write holds. */
  seq: z.number().int().min(0),
  startedAt: z.string(),
  /** The inbound message the last step answered (a redelivery of it does nothing). */
  handled: z.string().optional(),
});
export type FlowState = z.infer<typeof FlowState>;
/** What the agent sees on the ticket: which flow, which node (a schema: ticket events are parsed, and it rides them). */
export const TicketFlowView = z.object({ flowId: z.number(), flowName: z.string(), nodeId: z.string(), nodeType: z.enum(FLOW_NODE_TYPES).nullable(), waiting: z.enum(FLOW_WAITS).nullable(), startedAt: z.string() });
export type TicketFlowView = z.infer<typeof TicketFlowView>;
