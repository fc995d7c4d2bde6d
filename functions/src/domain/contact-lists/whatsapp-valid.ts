/**
 * The 'WhatsApp-valid' answer of a list's numbers (issue 22 "Contact lists"): asked of a session in
 * batches, paced, never blocking a write. A list has no connection of its own: the company's
 * default connection answers when it is a connected WhatsApp or sandbox session, else another
 * connected one (WhatsApp before the sandbox). The sandbox answers with its own rule
 * (sandboxHasAccount); the official channels cannot tell (the answer stays null).
 *
 * One check a list at a time, as a chain (adapters/db/number-checks.ts): a request (an item
 * created, a number changed, an import finished) records from which item on to look; a step
 * claims the next NUMBER_CHECK_BATCH items still unknown and sends one checkNumbers command
 * (session-commands.ts; the host paces them per session); its result, on the inbound queue,
 * writes each answer (a live ContactListItem update) and takes the next step. With no connected
 * session, or when a command fails, the chain waits: a session of the company reporting
 * CONNECTED resumes every waiting check. A command unanswered for STEP_STALE_MS no longer holds
 * its list.
 */
import { randomUUID } from 'node:crypto';
import { isSessionChannel, NUMBER_CHECK_BATCH, type CommandResult } from '@conversa/shared/channels';
import { listConnections, type Connection } from '../../adapters/db/connections';
import { claimStep, endCheck, getCheck, listChecks, nextUnchecked, releaseStep, setValidity, wantCheck } from '../../adapters/db/number-checks';
import { log } from '../../lib/log';
import { sendCommand } from '../connections/session-commands';
import { emit, type Consumer } from '../events/dispatch';
import { toItemView } from './item-view';

/** How long a command may go unanswered before its list's check goes on without it. */
export const STEP_STALE_MS = 5 * 60_000;
/** A check command not taken by a session within this is refused by the host (and retried on the next CONNECTED). */
const COMMAND_DEADLINE_MS = 2 * 60_000;

/**
 * The session that answers for the company: its default connection, else another connected session
 * (WhatsApp first). `fresh`: a connection as just written (the list read may not show it yet).
 */
export async function checkingSession(cid: number, fresh?: Connection): Promise<Connection | undefined> {
  const all = (await listConnections(cid)).map((c) => (c.id === fresh?.id ? fresh : c));
  const live = all.filter((c) => isSessionChannel(c.channel) && c.status === 'CONNECTED');
  return live.find((c) => c.isDefault) ?? live.find((c) => c.channel === 'whatsapp') ?? live[0];
}

/**
 * Asks for the list's numbers to be checked from item `fromId` on (0: the whole list). Never
 * throws: a failure is logged and the items stay unknown until the next request or connection.
 */
export async function requestNumberCheck(cid: number, listId: number, fromId = 0): Promise<void> {
  try {
    await wantCheck(cid, listId, fromId);
    await stepCheck(cid, listId);
  } catch (err) {
    log.warn('numbers check: request failed', { companyId: cid, contactListId: listId, err: (err as Error).message });
  }
}

/**
 * The list's next step: unless another command is out, the next unknown items go to the session
 * in one command; with none left the check ends. `finished`: the command whose answer was just
 * applied (it no longer holds the list).
 */
export async function stepCheck(cid: number, listId: number, finished?: string, fresh?: Connection): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const pending = await getCheck(cid, listId);
    if (!pending) return;
    const staleBefore = Date.now() - STEP_STALE_MS;
    if (pending.requestId && pending.requestId !== finished && (pending.sentAt ?? 0) >= staleBefore) return;
    const conn = await checkingSession(cid, fresh);
    if (!conn) {
      // Waits for a session: nothing is out any more.
      if (pending.requestId) await releaseStep(cid, listId, pending.requestId, undefined);
      return;
    }
    const items = await nextUnchecked(cid, listId, pending.from, NUMBER_CHECK_BATCH);
    const own = { readFrom: pending.from, prevRequestId: pending.requestId, staleBefore };
    if (!items.length) {
      if (await endCheck(cid, listId, own)) return;
      continue;
    }
    const requestId = randomUUID();
    if (!(await claimStep(cid, listId, { ...own, next: items[items.length - 1]!.id + 1, requestId }))) continue;
    try {
      await sendCommand({ kind: 'command', command: 'checkNumbers', companyId: cid, whatsappId: conn.id, requestId, deadline: Date.now() + COMMAND_DEADLINE_MS, contactListId: listId, items });
    } catch (err) {
      await releaseStep(cid, listId, requestId, pending.from);
      throw err;
    }
    return;
  }
}

/** A checkNumbers result (the inbound worker): each answer on its item, live; then the list's next step. */
export async function numbersChecked(r: CommandResult): Promise<void> {
  const { companyId: cid, contactListId: listId } = r;
  if (!listId) return;
  if (r.error) {
    log.warn('numbers check: the session did not answer', { companyId: cid, contactListId: listId, whatsappId: r.whatsappId, error: r.error });
    const pending = await getCheck(cid, listId);
    if (pending?.requestId === r.requestId) await releaseStep(cid, listId, r.requestId, pending.sentFrom);
    return;
  }
  await Promise.all(
    (r.checked ?? []).map(async (c) => {
      if (c.exists === null) return;
      const item = await setValidity(cid, listId, c.id, c.number, c.exists);
      if (item) await emit({ type: 'contactListItem.saved', companyId: cid, contactListId: listId, itemId: item.id, created: false }, { view: toItemView(item) });
    }),
  );
  await stepCheck(cid, listId, r.requestId);
}

/** A session of the company connected (`connection`, as just written): every check that waits goes on. */
export async function resumeNumberChecks(cid: number, connection?: Connection): Promise<void> {
  for (const c of await listChecks(cid)) await stepCheck(cid, c.contactListId, undefined, connection);
}

/** The event spine's part: a session that reports CONNECTED resumes its company's waiting checks (a failure is only logged). */
export const numberChecks: Consumer = {
  name: 'numberChecks',
  on: {
    'connection.status': async (e, held) => {
      const { connection } = await held();
      if (connection.status !== 'CONNECTED' || !isSessionChannel(connection.channel)) return;
      await resumeNumberChecks(e.companyId, connection).catch((err: unknown) => log.warn('numbers check: resume failed', { companyId: e.companyId, err: (err as Error).message }));
    },
  },
};
