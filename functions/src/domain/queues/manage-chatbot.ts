/**
 * Chatbot options one at a time (spec 2 §3 Chatbot option, §7 "Chatbot"): GET/POST/PUT/DELETE
 * /chatbot and POST /queue-options/{id}/file. Each change reads the queue's tree, changes it and
 * writes it back conditional on the revision read (tried again when another save came first),
 * then the queue's new view goes out on the queue channel.
 */
import type { z } from 'zod';
import type { ChatbotOptionBody, ChatbotOptionView, QueueOptionFileBody, UpdateChatbotOptionBody } from '@conversa/shared/schemas/queues';
import { nextId } from '../../adapters/db/counters';
import { QueueConflict, getChatbotTree, optionViews, putChatbotTree, queuesWithTrees, type StoredOption } from '../../adapters/db/queues';
import { AppError } from '../../lib/app-error';
import type { AuditAction } from '@conversa/shared/schemas/audit';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { checkUploaded } from '../messages/upload-media';
import { insertOption, locate, patchOption, removeOption, treeIssues, type OptionPatch } from './chatbot-tree';
import { announceQueue, checkForwards, loadQueue, toQueueView } from './manage-queues';

const ATTEMPTS = 4;

function findView(views: ChatbotOptionView[], id: number): ChatbotOptionView | undefined {
  for (const v of views) {
    if (v.id === id) return v;
    const below = findView(v.options, id);
    if (below) return below;
  }
  return undefined;
}

/** Which queue holds the option: the company's queues and trees are one Query (the plan caps queues). */
async function homeOf(auth: AuthContext, id: number): Promise<number> {
  for (const { queue, tree } of await queuesWithTrees(auth.companyId, true)) if (locate(tree.options, id)) return queue.id;
  throw new AppError('ERR_NO_CHATBOT_FOUND');
}

/** Reads the queue's tree, applies `change`, writes it conditional on the revision read; the option's change goes to the audit log. */
async function changeTree(auth: AuthContext, queueId: number, change: (options: StoredOption[]) => StoredOption[], audit: { action: AuditAction; id: number }): Promise<StoredOption[]> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [queue, tree] = await Promise.all([loadQueue(auth.companyId, queueId), getChatbotTree(auth.companyId, queueId, true)]);
    const options = change(tree.options);
    const issues = treeIssues(options, 'body');
    if (issues.length) throw new AppError('ERR_VALIDATION', issues);
    try {
      await putChatbotTree(auth.companyId, tree, options);
    } catch (err) {
      if (!(err instanceof QueueConflict)) throw err;
      // Another save came first: read its tree and apply the change to it, a moment later.
      await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
      continue;
    }
    const [before, after] = [tree.options, options].map((o) => findView(optionViews(queueId, o), audit.id));
    await recordAudit(auth, { action: audit.action, target: { id: audit.id, name: (after ?? before)?.name }, before, after });
    await announceQueue(auth.companyId, toQueueView(queue, { ...tree, options }));
    return options;
  }
  throw new AppError('ERR_CONFLICT');
}

/** `change` for an option that must still be in the tree when it is read. */
const onOption = (id: number, change: (options: StoredOption[]) => StoredOption[]) => (options: StoredOption[]) => {
  if (!locate(options, id)) throw new AppError('ERR_NO_CHATBOT_FOUND');
  return change(options);
};

function viewIn(queueId: number, options: StoredOption[], id: number): ChatbotOptionView {
  const view = findView(optionViews(queueId, options), id);
  if (!view) throw new AppError('ERR_NO_CHATBOT_FOUND');
  return view;
}

export async function listOptions(auth: AuthContext, queueId: number): Promise<ChatbotOptionView[]> {
  const [, tree] = await Promise.all([loadQueue(auth.companyId, queueId), getChatbotTree(auth.companyId, queueId, true)]);
  return optionViews(queueId, tree.options);
}

export async function findOption(auth: AuthContext, id: number): Promise<ChatbotOptionView> {
  const queueId = await homeOf(auth, id);
  return viewIn(queueId, (await getChatbotTree(auth.companyId, queueId, true)).options, id);
}

export async function createOption(auth: AuthContext, input: z.output<typeof ChatbotOptionBody>): Promise<ChatbotOptionView> {
  await loadQueue(auth.companyId, input.queueId);
  if (input.forwardQueueId !== null) await checkForwards(auth.companyId, input.queueId, [input.forwardQueueId], 'body.forwardQueueId');
  const option: StoredOption = {
    id: await nextId(auth.companyId, 'chatbot'),
    name: input.name,
    greetingMessage: input.greetingMessage,
    optionType: input.optionType,
    mediaKey: null,
    mediaName: null,
    mimetype: null,
    isAgent: input.isAgent,
    forwardQueueId: input.forwardQueueId,
    options: [],
  };
  const options = await changeTree(auth, input.queueId, (tree) => {
    if (input.parentId !== null && !locate(tree, input.parentId)) throw new AppError('ERR_NO_CHATBOT_FOUND');
    return insertOption(tree, input.parentId, option, input.order);
  }, { action: 'chatbot.create', id: option.id });
  return viewIn(input.queueId, options, option.id);
}

export async function editOption(auth: AuthContext, id: number, patch: z.output<typeof UpdateChatbotOptionBody>): Promise<ChatbotOptionView> {
  const queueId = await homeOf(auth, id);
  if (patch.forwardQueueId) await checkForwards(auth.companyId, queueId, [patch.forwardQueueId], 'body.forwardQueueId');
  const options = await changeTree(auth, queueId, onOption(id, (tree) => patchOption(tree, id, patch as OptionPatch)), { action: 'chatbot.update', id });
  return viewIn(queueId, options, id);
}

export async function deleteOption(auth: AuthContext, id: number): Promise<void> {
  const queueId = await homeOf(auth, id);
  await changeTree(auth, queueId, onOption(id, (tree) => removeOption(tree, id)), { action: 'chatbot.delete', id });
}


/** The option becomes a file option: the file is its message and its name the option's text. */
export async function attachOptionFile(auth: AuthContext, id: number, input: z.output<typeof QueueOptionFileBody>): Promise<ChatbotOptionView> {
  const queueId = await homeOf(auth, id);
  const { mimetype } = await checkUploaded(auth.companyId, { key: input.mediaKey });
  const file: OptionPatch = { optionType: 'file', mediaKey: input.mediaKey, mediaName: input.mediaName, mimetype, greetingMessage: input.mediaName };
  const options = await changeTree(auth, queueId, onOption(id, (tree) => patchOption(tree, id, file)), { action: 'chatbot.update', id });
  return viewIn(queueId, options, id);
}
