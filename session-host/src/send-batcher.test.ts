import { describe, expect, it } from 'vitest';
import { batchingPort } from './send-batcher';
import type { QueuePort } from './queue-port';

type Entry = { body: unknown; groupId?: string };
function fakePort(refuse: (e: Entry, call: number) => boolean = () => false) {
  const requests: unknown[][] = [];
  const port = {
    send: async () => undefined,
    sendBatch: async (_q: string, entries: readonly Entry[]) => {
      requests.push(entries.map((e) => e.body));
      return entries.flatMap((e, i) => (refuse(e, requests.length) ? [i] : []));
    },
  } as unknown as QueuePort;
  return { port, requests };
}

describe('batchingPort', () => {
  it('sends up to 10 entries a request, one per message group, in order', async () => {
    const { port, requests } = fakePort();
    const q = batchingPort(port, { lingerMs: 5 });
    const sends = Array.from({ length: 12 }, (_, i) => q.send('inbound', `m${i}`, { groupId: `g${i}`, dedupId: `d${i}` }));
    sends.push(q.send('inbound', 'g0-second', { groupId: 'g0', dedupId: 'x' }));
    await Promise.all(sends);
    expect(requests[0]).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    expect(requests.flat()).toHaveLength(13);
    expect(requests.flat().indexOf('g0-second')).toBeGreaterThan(requests.flat().indexOf('m0'));
  });
  it('a lone entry after a quiet spell leaves at once; entries that keep coming wait for company', async () => {
    const { port, requests } = fakePort();
    const q = batchingPort(port, { lingerMs: 200 });
    const t0 = Date.now();
    await q.send('inbound', 'lone', { groupId: 'a', dedupId: '1' });
    expect(Date.now() - t0).toBeLessThan(150);
    // Three more within the linger of each other: one request, after the first one's linger.
    const t1 = Date.now();
    const burst = ['b1', 'c1', 'd1'].map((b, i) => q.send('inbound', b, { groupId: b, dedupId: `x${i}` }));
    await Promise.all(burst);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(190);
    expect(requests).toEqual([['lone'], ['b1', 'c1', 'd1']]);
  });
  it('sends a refused entry again before the later ones of its group, and rejects it after its tries', async () => {
    const { port, requests } = fakePort((e, call) => e.body === 'a1' && call === 1);
    const q = batchingPort(port, { lingerMs: 1, backoffMs: 1 });
    await Promise.all([q.send('inbound', 'a1', { groupId: 'a', dedupId: '1' }), q.send('inbound', 'a2', { groupId: 'a', dedupId: '2' }), q.send('inbound', 'b1', { groupId: 'b', dedupId: '3' })]);
    expect(requests).toEqual([['a1', 'b1'], ['a1'], ['a2']]);
    const never = fakePort((e) => e.body === 'x');
    const p = batchingPort(never.port, { lingerMs: 0, backoffMs: 1, maxAttempts: 3 });
    await expect(p.send('inbound', 'x', { groupId: 'x', dedupId: 'x' })).rejects.toThrow(/refused/);
    expect(never.requests).toHaveLength(3);
  });
});
