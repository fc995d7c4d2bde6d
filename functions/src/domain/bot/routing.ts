/**
 * Where the bot leaves a routed ticket: a random online agent of the queue (`userRandom`) and the
 * customer's place in the queue (`sendQueuePosition`).
 */
import { allUsers } from '../../adapters/db/users';
import { listCounters } from '../../adapters/db/tickets';

/**
 * An online agent of the queue, at random; undefined when none is online. Reads the company's
 * users (one Query: the plan caps them at tens).
 */
export async function randomOnlineAgent(cid: number, queueId: number, random = Math.random): Promise<number | undefined> {
  const agents = (await allUsers(cid)).filter((u) => u.online && (u.queueIds ?? []).includes(queueId));
  return agents.length ? agents[Math.floor(random() * agents.length)]!.id : undefined;
}

/**
 * The number of pending individual tickets in the queue, from the tab counters (adapters/db/tickets
 * `countPartition`: one Query of a few dozen small items, no ticket read). The ticket just routed
 * is the newest, so this count is its place.
 */
export async function pendingInQueue(cid: number, queueId: number): Promise<number> {
  return (await listCounters(cid)).filter((c) => c.status === 'pending' && !c.isGroup && c.queueId === queueId).reduce((sum, c) => sum + c.n, 0);
}
