import { describe, expect, it } from 'vitest';
import { GraphError } from '../../adapters/graph';
import { signalOf } from './deliver';

describe('signalOf', () => {
  it("reads a channel's refusal as a rate-limit or ban signal, and nothing else", () => {
    expect(signalOf(Object.assign(new Error('rate-overlimit'), { signal: 'rate_limit' }))).toBe('rate_limit');
    expect(signalOf(new Error('rate-overlimit'))).toBe('rate_limit'); // Baileys' text
    expect(signalOf(new GraphError('(#131048) Spam rate limit hit', 400, false, 131048))).toBe('rate_limit');
    expect(signalOf(new GraphError('(#131056) Pair rate limit hit', 400, false, 131056))).toBe('rate_limit');
    expect(signalOf(new GraphError('(#368) Temporarily blocked for policies violations', 400, false, 368))).toBe('banned');
    expect(signalOf(Object.assign(new Error('banned: the account cannot send'), { signal: 'banned' }))).toBe('banned');
    expect(signalOf(new Error('sandbox session is not connected'))).toBeUndefined();
    expect(signalOf(new GraphError('(#131026) Message undeliverable', 400, false, 131026))).toBeUndefined();
  });
});

describe('a disconnect that pauses the campaigns', () => {
  it('is a 403 or a logged-out account, not a network drop', async () => {
    const { isBanDisconnect } = await import('../connections/session-state');
    expect(isBanDisconnect('Connection Failure (403)')).toBe(true);
    expect(isBanDisconnect('logged out from the phone')).toBe(true);
    expect(isBanDisconnect('Connection Closed (428)')).toBe(false);
    expect(isBanDisconnect(undefined)).toBe(false);
  });
});
