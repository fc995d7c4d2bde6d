/**
 * QUEUE_URL_<NAME>: the local stack names its variables with functions' `queueUrlEnvName` (what the
 * SQS adapter reads); the CDK names the deployed ones with its own copy in app-function.ts. They
 * must agree on every queue of QUEUES (and on the usual name shapes).
 */
import { describe, expect, it } from 'vitest';
import { QUEUES, queueUrlEnvName } from '@conversa/functions/adapters/queue-config';
import { queueUrlEnvName as cdkQueueUrlEnvName } from '../lib/constructs/app-function';
import { queueUrlEnv } from './local-env';

describe('QUEUE_URL_<NAME>', () => {
  it('agrees with the CDK for every queue of QUEUES and the usual names', () => {
    const names = [...QUEUES.map((q) => q.name), 'outbound-session', 'inbound', 'campaign-sends.fifo', 'inbound-events', 'a_b', 'Mixed-Case2'];
    for (const name of names) expect(queueUrlEnvName(name), name).toBe(cdkQueueUrlEnvName(name));
    expect(queueUrlEnvName('outbound-session')).toBe('QUEUE_URL_OUTBOUND_SESSION');
    expect(queueUrlEnvName('campaign-sends.fifo')).toBe('QUEUE_URL_CAMPAIGN_SENDS');
  });

  it('points every queue at the local endpoint and refuses two queues on one variable', () => {
    expect(queueUrlEnv(['outbound-session', 'orders.fifo'], 'http://127.0.0.1:1/_sqs')).toEqual({
      QUEUE_URL_OUTBOUND_SESSION: 'http://127.0.0.1:1/_sqs/outbound-session',
      QUEUE_URL_ORDERS: 'http://127.0.0.1:1/_sqs/orders.fifo',
    });
    expect(() => queueUrlEnv(['a-b', 'a_b'], 'http://x')).toThrow(/both map to QUEUE_URL_A_B/);
  });
});
