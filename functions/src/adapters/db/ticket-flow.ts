/**
 * A ticket's flow state (BEHAVIOUR.md "Flows"; ACCESS_PATTERNS #138): the `flowState` attribute of
 * the ticket item, moved by one UpdateItem per step, conditioned on the `seq` the step read (none
 * for a start), so a duplicate delivery or two workers never run a node twice. It does not touch
 * the ticket's `rev`: the agents' transitions and the flow's steps do not race each other's
 * conditions (a step that would keep a flow running also requires the ticket still pending).
 *
 * `flowHandled` is written in the same update: the inbound message the step took (started on or
 * answered with). Conditioned to move forward only, so a redelivered older message changes nothing.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FlowState } from '@conversa/shared/schemas/flows';
import { db, table } from './client';
import { ticketKey, toStoredTicket, type StoredTicket } from './tickets';

export type FlowWrite = {
  /** The state the step read: null = the ticket had none (a start). */
  expected: FlowState | null;
  /** The state after the step: null = the flow ended. */
  next: FlowState | null;
  /** The inbound message the step took, if any. */
  handled?: string;
};

/** One step's write; the ticket as written, or undefined when the state (or the ticket) changed meanwhile. */
export async function writeFlowState(cid: number, ticketId: number, w: FlowWrite): Promise<StoredTicket | undefined> {
  const names: Record<string, string> = { '#f': 'flowState' };
  const values: Record<string, unknown> = {};
  const conditions = ['attribute_exists(PK)'];
  if (w.expected) {
    conditions.push('#f.#seq = :seq');
    names['#seq'] = 'seq';
    values[':seq'] = w.expected.seq;
  } else conditions.push('attribute_not_exists(#f)');
  const sets: string[] = [];
  if (w.next) {
    sets.push('#f = :next');
    values[':next'] = w.next;
    conditions.push('#s = :pending');
    names['#s'] = 'status';
    values[':pending'] = 'pending';
  }
  if (w.handled) {
    sets.push('#h = :h');
    names['#h'] = 'flowHandled';
    values[':h'] = w.handled;
    conditions.push('(attribute_not_exists(#h) OR #h < :h)');
  }
  const update = [sets.length ? `SET ${sets.join(', ')}` : '', w.next ? '' : 'REMOVE #f'].filter(Boolean).join(' ');
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: ticketKey(cid, ticketId),
        UpdateExpression: update,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toStoredTicket(out.Attributes) : undefined;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return undefined;
    throw err;
  }
}
