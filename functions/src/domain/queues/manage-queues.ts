/**
 * Queues of a company (spec 2 "Queue modal", §5; spec 3 "Queues list"): list (every signed-in
 * user: agents pick queues to transfer and filter), create within the plan's limit, edit, delete.
 * The colour is a CSS hex colour, unique per company whatever its case or shorthand; names may
 * repeat (the spec makes only the colour unique). A save with `chatbots` replaces the option tree
 * in the queue's own transaction.
 */
import type { z } from 'zod';
import type { ChatbotTreeInput, QueueBody, QueueView, UpdateQueueBody } from '@conversa/shared/schemas/queues';
import { nextId } from '../../adapters/db/counters';
import { getConnection, listConnections, toConnection } from '../../adapters/db/connections';
import {
  QueueConflict,
  dropQueueId,
  getChatbotTree,
  getQueue,
  insertQueue,
  nextIds,
  optionViews,
  putChatbotTree,
  queuesWithTrees,
  removeQueue,
  replaceQueue,
  type ChatbotTree,
  type Queue,
  type StoredOption,
} from '../../adapters/db/queues';
import { keys } from '../../adapters/db/keys';
import { missingQueues } from '../../adapters/db/references';
import { allUsers, getUser } from '../../adapters/db/users';
import { emit } from '../events/dispatch';
import { AppError, type Issue } from '../../lib/app-error';
import { checkFlowRefs } from '../flows/flow-refs';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { announce as announceConnection } from '../connections/manage-connections';
import { dropForwards, forwardTargets, planReplace, replaceTree, treeIssues } from './chatbot-tree';

type QueueInput = z.output<typeof QueueBody>;
type QueuePatch = z.output<typeof UpdateQueueBody>;

/** Saves that met another save of the same queue are tried again this many times. */
const ATTEMPTS = 4;

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** What makes two spellings of one colour the same: lower case, `#rgb(a)` as `#rrggbb(aa)`. */
export function colorIdOf(color: string): string | undefined {
  if (!HEX_COLOR.test(color)) return undefined;
  const hex = color.slice(1).toLowerCase();
  return `#${hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex}`;
}

function validColor(color: string): string {
  const id = colorIdOf(color);
  if (!id) throw new AppError('ERR_QUEUE_INVALID_COLOR');
  return id;
}

export function toQueueView(q: Queue, tree: ChatbotTree): QueueView {
  const { companyId: _c, rev: _r, ...fields } = q;
  return { ...fields, chatbots: optionViews(q.id, tree.options) };
}

/** `queue.updated` after a queue or its option tree was written. */
export function announceQueue(companyId: number, view: QueueView): Promise<void> {
  return emit({ type: 'queue.updated', companyId, queueId: view.id }, { view });
}

/** An optional 2–100 field: '' and null both mean unset. */
const orNull = (v: string | null | undefined): string | null => (v ? v : null);

export async function loadQueue(companyId: number, id: number): Promise<Queue> {
  const q = await getQueue(companyId, id, true);
  if (!q) throw new AppError('ERR_NO_QUEUE_FOUND');
  return q;
}

/** Forwards must name other queues of the company. */
export async function checkForwards(companyId: number, queueId: number | undefined, targets: number[], path: string): Promise<void> {
  const issues: Issue[] = targets.filter((t) => t === queueId).map(() => ({ path, message: 'an option cannot forward to its own queue' }));
  for (const id of await missingQueues(companyId, targets.filter((t) => t !== queueId))) issues.push({ path, message: `unknown queue ${id}` });
  if (issues.length) throw new AppError('ERR_VALIDATION', issues);
}

/** The stored tree the modal's tree becomes, validated, new options with new ids. */
async function treeFrom(companyId: number, queueId: number | undefined, input: ChatbotTreeInput[], stored: StoredOption[]): Promise<StoredOption[]> {
  const path = 'body.chatbots';
  const plan = planReplace(input, stored, path);
  // Placeholder ids first: nothing is allocated for a tree that is refused.
  const draft = replaceTree(input, stored, Array.from({ length: plan.fresh }, (_, i) => -1 - i));
  const issues = [...plan.issues, ...treeIssues(draft, path)];
  if (issues.length) throw new AppError('ERR_VALIDATION', issues);
  await checkForwards(companyId, queueId, forwardTargets(draft), path);
  return plan.fresh ? replaceTree(input, stored, await nextIds(companyId, 'chatbot', plan.fresh)) : draft;
}

export async function listCompanyQueues(auth: AuthContext): Promise<QueueView[]> {
  return (await queuesWithTrees(auth.companyId, true)).map(({ queue, tree }) => toQueueView(queue, tree));
}

export async function findQueue(auth: AuthContext, id: number): Promise<QueueView> {
  const [queue, tree] = await Promise.all([getQueue(auth.companyId, id, true), getChatbotTree(auth.companyId, id, true)]);
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  return toQueueView(queue, tree);
}

export async function createQueue(auth: AuthContext, input: QueueInput): Promise<QueueView> {
  const colorId = validColor(input.color);
  await checkFlowRefs(auth.companyId, { flowId: input.flowId });
  const options = input.chatbots?.length ? await treeFrom(auth.companyId, undefined, input.chatbots, []) : [];
  const now = new Date().toISOString();
  const queue: Queue = {
    id: await nextId(auth.companyId, 'queue'),
    companyId: auth.companyId,
    name: input.name,
    color: input.color,
    greetingMessage: input.greetingMessage,
    outOfHoursMessage: input.outOfHoursMessage,
    orderQueue: input.orderQueue,
    typebotUrl: orNull(input.typebotUrl),
    typebotName: orNull(input.typebotName),
    urlFlow: orNull(input.urlFlow),
    tokenFlow: orNull(input.tokenFlow),
    schedules: input.schedules,
    flowId: input.flowId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertQueue(queue, colorId, options, auth.plan.queues);
  } catch (err) {
    if (!(err instanceof QueueConflict)) throw err;
    if (err.reason === 'color') throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    if (err.reason === 'limit') throw new AppError('ERR_MAX_QUEUES_REACHED');
    throw new AppError('ERR_CONFLICT');
  }
  const view = toQueueView(queue, { queueId: queue.id, rev: options.length ? 1 : 0, options });
  await recordAudit(auth, { action: 'queue.create', target: queue, after: view });
  await announceQueue(auth.companyId, view);
  return view;
}

export async function editQueue(auth: AuthContext, id: number, patch: QueuePatch): Promise<QueueView> {
  const colorId = patch.color !== undefined ? validColor(patch.color) : undefined;
  await checkFlowRefs(auth.companyId, { flowId: patch.flowId });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await loadQueue(auth.companyId, id);
    const treeBefore = await getChatbotTree(auth.companyId, id, true);
    const { chatbots, typebotUrl, typebotName, urlFlow, tokenFlow, ...fields } = patch;
    const after: Queue = {
      ...before,
      ...fields,
      ...(typebotUrl !== undefined ? { typebotUrl: orNull(typebotUrl) } : {}),
      ...(typebotName !== undefined ? { typebotName: orNull(typebotName) } : {}),
      ...(urlFlow !== undefined ? { urlFlow: orNull(urlFlow) } : {}),
      ...(tokenFlow !== undefined ? { tokenFlow: orNull(tokenFlow) } : {}),
      updatedAt: new Date().toISOString(),
    };
    const fromId = colorIdOf(before.color);
    const color = colorId && colorId !== fromId ? { ...(fromId ? { from: fromId } : {}), to: colorId } : undefined;
    const tree = chatbots ? { before: treeBefore, options: await treeFrom(auth.companyId, id, chatbots, treeBefore.options) } : undefined;
    try {
      const stored = await replaceQueue(before, after, color, tree);
      const view = toQueueView(stored, tree ? { ...treeBefore, options: tree.options } : treeBefore);
      await recordAudit(auth, { action: 'queue.update', target: stored, before: toQueueView(before, treeBefore), after: view });
      await announceQueue(auth.companyId, view);
      return view;
    } catch (err) {
      if (!(err instanceof QueueConflict)) throw err;
      if (err.reason === 'color') throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    }
  }
  throw new AppError('ERR_CONFLICT');
}

/** Takes the queue out of a user's or a connection's `queueIds`, reading again when it changed. */
async function dropFrom(key: { PK: string; SK: string }, queueIds: number[], queueId: number, read: () => Promise<{ queueIds?: number[] } | undefined>, bumpRev: boolean): Promise<Record<string, unknown> | undefined> {
  let ids = queueIds;
  let last: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < 8 && ids.includes(queueId); attempt++) {
    const after = await dropQueueId(key, ids.indexOf(queueId), queueId, bumpRev);
    if (after) last = after;
    ids = after ? ((after.queueIds as number[] | undefined) ?? []) : ((await read())?.queueIds ?? []);
  }
  return last;
}

/** Users and connections of the company forget a deleted queue (few items, side by side). */
async function leaveHolders(companyId: number, queueId: number): Promise<void> {
  const [users, connections] = await Promise.all([allUsers(companyId), listConnections(companyId)]);
  await Promise.all([
    ...users
      .filter((u) => (u.queueIds ?? []).includes(queueId))
      .map((u) => dropFrom(keys.user(companyId, u.id), u.queueIds, queueId, () => getUser(companyId, u.id, true), false)),
    ...connections
      .filter((c) => (c.queueIds ?? []).includes(queueId))
      .map(async (c) => {
        const after = await dropFrom(keys.whatsapp(companyId, c.id), c.queueIds, queueId, () => getConnection(companyId, c.id, true), true);
        if (after) await announceConnection('connection.updated', toConnection(after));
      }),
  ]);
}

/** Options of other queues that forwarded to a deleted queue forward nowhere now. */
async function dropForwardsTo(companyId: number, queueId: number): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stale: number[] = [];
    for (const { queue, tree } of await queuesWithTrees(companyId, true)) {
      if (!forwardTargets(tree.options).includes(queueId)) continue;
      const options = dropForwards(tree.options, queueId);
      try {
        await putChatbotTree(companyId, tree, options);
        await announceQueue(companyId, toQueueView(queue, { ...tree, options }));
      } catch (err) {
        if (!(err instanceof QueueConflict)) throw err;
        stale.push(queue.id);
      }
    }
    if (!stale.length) return;
  }
  log.warn('forwards to a deleted queue left after retries', { companyId, queueId });
}

export async function deleteQueue(auth: AuthContext, id: number): Promise<void> {
  const queue = await loadQueue(auth.companyId, id);
  try {
    await removeQueue(queue, colorIdOf(queue.color));
  } catch (err) {
    if (err instanceof QueueConflict) throw new AppError('ERR_NO_QUEUE_FOUND');
    throw err;
  }
  await recordAudit(auth, { action: 'queue.delete', target: queue, before: queue });
  // Tickets keep their queueId: the ticket view tolerates a queue that is gone.
  await Promise.all([leaveHolders(auth.companyId, id), dropForwardsTo(auth.companyId, id)]);
  await emit({ type: 'queue.deleted', companyId: auth.companyId, queueId: id }, {});
}
