/**
 * Session commands on the host (DESIGN.md "Channels"): what the API asks a running session to do
 * besides sending. The answer always goes back on the inbound queue as a CommandResult.
 *
 * createGroup: claimed on the request item before the channel is asked (a redelivered command
 * never makes a second group); the group id is recorded right after, then published. A
 * redelivery after that re-publishes the recorded outcome; a claim whose host died before
 * recording anything is failed (the group may or may not exist: never risk a second one).
 * listChats: read-only, so simply run again on redelivery; the list goes to the media bucket
 * (it can be larger than a queue message).
 * checkNumbers: read-only too (a redelivery asks again); paced per session, one batch every
 * CHECK_GAP_MS at most, so a big list never floods the account with lookups. A check whose turn
 * has not come is not waited for here (that would hold the consumer, and every other company's
 * sends behind it): it goes back to the queue, visible again when the turn comes.
 * A command past its deadline, or whose session is here but not connected, fails at once with
 * SESSION_UNAVAILABLE (the API shows ERR_WAPP_NOT_INITIALIZED).
 */
import { SESSION_UNAVAILABLE, type CommandResult, type KnownChat, type SessionCommand } from '@conversa/shared/channels';
import { claimGroupRequest, getGroupRequest, markGroupCreated, markGroupFailed } from '@conversa/functions/adapters/db/group-requests';
import type { SessionDriver } from './drivers/driver';
import { errData, type Log } from './log';
import { putMedia } from './media';

export type CommandDeps = {
  /** Puts a result on the inbound queue. */
  publish(r: CommandResult): Promise<void>;
  claimant: string;
  log: Log;
  /** A claim older than this without an outcome: its host died mid-command. */
  interruptedAfterMs: number;
  /** Stores the chat list (default: the media bucket). */
  storeFile?: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The least time between two numbers checks of one session (default CHECK_GAP_MS). */
  checkGapMs?: number;
};

/** The least time between two numbers checks of one session. */
export const CHECK_GAP_MS = 3_000;
/** Per session: when its next numbers check may start (the last one's end and the gap; Infinity while one runs). */
const nextCheckAt = new WeakMap<SessionDriver, number>();

/** Milliseconds until the session's next check may start; 0: this one starts now (marked running). */
function takeCheckTurn(driver: SessionDriver): number {
  const wait = (nextCheckAt.get(driver) ?? 0) - Date.now();
  if (wait > 0) return wait;
  nextCheckAt.set(driver, Number.POSITIVE_INFINITY);
  return 0;
}

/** A command to run again later (the consumer makes its message visible again then). */
export type Later = { retryInMs: number };

/** Where a chat list lives: `companies/<cid>/imports/chats-<jobId>.json`. */
export const chatListKey = (companyId: number, jobId: string) => `companies/${companyId}/imports/chats-${jobId}.json`;

const reasonOf = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 450) || 'failed';

/**
 * 'later': another host is on it; look again after the visibility timeout (its host may die).
 * `{ retryInMs }`: a numbers check whose session's turn comes then.
 */
export async function runCommand(cmd: SessionCommand, driver: SessionDriver, d: CommandDeps): Promise<void | 'later' | Later> {
  const base = { kind: 'command' as const, command: cmd.command, companyId: cmd.companyId, whatsappId: cmd.whatsappId, requestId: cmd.requestId, chatId: `cmd:${cmd.requestId}` };
  const answer = (extra: Partial<CommandResult>) => d.publish({ ...base, timestamp: Date.now(), ...extra });
  const unavailable = Date.now() >= cmd.deadline ? `${SESSION_UNAVAILABLE}: the request expired before the session took it` : !driver.isConnected() ? `${SESSION_UNAVAILABLE}: the session is not connected` : undefined;
  const log = d.log.child({ companyId: cmd.companyId, whatsappId: cmd.whatsappId, requestId: cmd.requestId, command: cmd.command });

  if (cmd.command === 'listChats') {
    if (unavailable) return answer({ error: unavailable });
    let list: KnownChat[];
    try {
      list = dedupe(await driver.listChats());
    } catch (err) {
      log.warn('command: listing chats failed', { err: errData(err) });
      return answer({ error: reasonOf(err) });
    }
    const key = chatListKey(cmd.companyId, cmd.requestId);
    await (d.storeFile ?? putMedia)(key, Buffer.from(JSON.stringify(list)), 'application/json');
    log.info('command: chats listed', { count: list.length });
    return answer({ chats: { key, count: list.length } });
  }

  if (cmd.command === 'checkNumbers') {
    const contactListId = cmd.contactListId;
    if (unavailable) return answer({ contactListId, error: unavailable });
    const gapMs = d.checkGapMs ?? CHECK_GAP_MS;
    const wait = takeCheckTurn(driver);
    if (wait > 0) return { retryInMs: Math.min(wait, gapMs) };
    let answers: (boolean | null)[];
    try {
      answers = await driver.checkNumbers(cmd.items.map((i) => i.number));
    } catch (err) {
      log.warn('command: numbers not checked', { err: errData(err) });
      return answer({ contactListId, error: reasonOf(err) });
    } finally {
      nextCheckAt.set(driver, Date.now() + gapMs);
    }
    log.info('command: numbers checked', { count: cmd.items.length });
    return answer({ contactListId, checked: cmd.items.map((i, n) => ({ id: i.id, number: i.number, exists: answers[n] ?? null })) });
  }

  const { companyId: cid, requestId } = cmd;
  if (unavailable) {
    // Only a request nobody took yet: one a host is on (or finished) keeps its own outcome.
    if (await markGroupFailed(cid, requestId, unavailable, 'pending')) return answer({ error: unavailable });
    return republish(cmd, d, answer, log);
  }
  if (!(await claimGroupRequest(cid, requestId, d.claimant))) return republish(cmd, d, answer, log);
  let group;
  try {
    group = await driver.createGroup(cmd.subject, cmd.participants);
  } catch (err) {
    const reason = reasonOf(err);
    log.warn('command: group not created', { err: errData(err) });
    await markGroupFailed(cid, requestId, reason, 'running');
    return answer({ error: reason });
  }
  await markGroupCreated(cid, requestId, d.claimant, group.id);
  log.info('command: group created', { groupId: group.id });
  // The group's FIFO group: its members' first messages wait behind its ticket.
  return answer({ chatId: group.id, group: { id: group.id, subject: group.subject.slice(0, 100) } });
}

/** A createGroup seen again: the recorded outcome goes out again; a dead host's claim is failed. */
async function republish(cmd: Extract<SessionCommand, { command: 'createGroup' }>, d: CommandDeps, answer: (extra: Partial<CommandResult>) => Promise<void>, log: Log): Promise<void | 'later'> {
  const req = await getGroupRequest(cmd.companyId, cmd.requestId);
  if (!req) return log.warn('command: group request not found');
  if (req.status === 'created' && req.groupId) return answer({ chatId: req.groupId, group: { id: req.groupId, subject: req.subject } });
  if (req.status === 'failed') return answer({ error: req.error ?? 'failed' });
  if (req.status === 'running' && req.claim && req.claim.host !== d.claimant && Date.now() - req.claim.at >= d.interruptedAfterMs) {
    const reason = 'interrupted (host restarted); not retried to avoid a second group';
    if (await markGroupFailed(cmd.companyId, cmd.requestId, reason, 'running')) return answer({ error: reason });
  }
  if (req.status !== 'running') return;
  log.info('command: another host is creating the group; looking again later');
  return 'later';
}

/** One entry per number (the first name that is not empty). */
function dedupe(list: readonly KnownChat[]): KnownChat[] {
  const out = new Map<string, KnownChat>();
  for (const c of list) {
    const had = out.get(c.number);
    if (!had || (!had.name && c.name)) out.set(c.number, c);
  }
  return [...out.values()];
}
