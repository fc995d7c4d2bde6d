import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signalOf } from '@conversa/shared/send-signals';
import { useFakeGraph } from '../../../test/support/fake-graph';
import { GraphError, sendCloud } from './graph';

const fake = useFakeGraph({ beforeAll, afterAll, beforeEach });

const failedSend = async (code: number) => {
  fake().failNext({ status: 400, error: { message: `fake #${code}`, code } });
  return sendCloud('PN1', 'tok', '5511911112222', { type: 'text', body: 'oi' }).then(
    () => undefined,
    (e: unknown) => e as GraphError,
  );
};

describe("the Cloud API's ban and rate signals", () => {
  it('131048 (spam rate limit) and 131056 (pair rate limit) are rate limits; 368 (blocked for policy) is a ban', async () => {
    for (const [code, signal] of [[131048, 'rate_limit'], [131056, 'rate_limit'], [368, 'banned']] as const) {
      const err = await failedSend(code);
      expect(err).toBeInstanceOf(GraphError);
      expect(err!.code).toBe(code);
      expect(signalOf(err)).toBe(signal);
    }
  });

  it('other failures carry no signal', async () => {
    for (const code of [100, 131026, 190, 132000]) expect(signalOf(await failedSend(code))).toBeUndefined();
    fake().failNext({ status: 503 });
    const err = await sendCloud('PN1', 'tok', '5511911112222', { type: 'text', body: 'oi' }).catch((e: unknown) => e);
    expect(signalOf(err)).toBeUndefined();
    expect(signalOf(new Error('x'))).toBeUndefined();
    expect(signalOf(Object.assign(new Error('x'), { signal: 'other' }))).toBeUndefined();
    expect(signalOf(undefined)).toBeUndefined();
  });
});
