import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../test/fake-jwt';
import { backoffDelay, BACKOFF_MAX_MS, RealtimeSocket, RecentIds, type WsCtor } from './socket';

class FakeWs {
  static all: FakeWs[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWs.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(ev: unknown) {
    this.onmessage?.({ data: JSON.stringify(ev) });
  }
}

const last = () => FakeWs.all[FakeWs.all.length - 1]!;
const ev = (id: string, companyId = 3, channel = 'company-3-user') => ({ id, channel, companyId, data: { action: 'update', user: { id: 9 } } });

function make(opts: { token?: string; refresh?: () => Promise<string | null> } = {}) {
  let token = opts.token ?? fakeJwt({ sid: 's1', exp: Math.floor(Date.now() / 1000) + 3600 });
  const refresh = vi.fn(opts.refresh ?? (async () => (token = fakeJwt({ sid: 's1', exp: 9e9 }))));
  const socket = new RealtimeSocket({
    url: 'ws://host/ws',
    companyId: 3,
    getToken: () => token,
    refresh,
    WebSocket: FakeWs as unknown as WsCtor,
    random: () => 1, // no jitter: exact delays
  });
  return { socket, refresh, setToken: (t: string) => (token = t) };
}

beforeEach(() => {
  FakeWs.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('backoff and dedupe', () => {
  it('doubles from 1 s up to a 30 s cap, with jitter between half and full', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(40, () => 0.5)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });

  it('remembers ids for 5 s', () => {
    const r = new RecentIds(5000);
    expect(r.seen('a', 0)).toBe(false);
    expect(r.seen('a', 4999)).toBe(true);
    expect(r.seen('a', 5000)).toBe(false); // expired, recorded again
    expect(r.seen('b', 5001)).toBe(false);
    expect(r.seen('a', 9999)).toBe(true);
  });
});

describe('RealtimeSocket', () => {
  it('connects with the token in the query and announces the user status', () => {
    const { socket } = make({ token: 'tok.en' });
    socket.connect();
    expect(last().url).toBe('ws://host/ws?token=tok.en');
    last().open();
    expect(last().sent).toEqual([{ action: 'userStatus' }]);
    expect(socket.status).toBe('open');
  });

  it('pings every 18 s and sends userStatus every 5 min', () => {
    const { socket } = make();
    socket.connect();
    last().open();
    vi.advanceTimersByTime(18_000 * 3);
    expect(last().sent.filter((f) => (f as { action: string }).action === 'ping')).toHaveLength(3);
    vi.advanceTimersByTime(300_000);
    expect(last().sent.filter((f) => (f as { action: string }).action === 'userStatus')).toHaveLength(2);
  });

  it('delivers events of its company once; drops other companies and repeats within 5 s', () => {
    const { socket } = make();
    const got: string[] = [];
    socket.subscribe('company-3-user', (e) => got.push(e.id));
    socket.connect();
    last().open();
    last().push(ev('e1'));
    last().push(ev('e1'));
    last().push(ev('e2', 4, 'company-3-user'));
    last().push(ev('e3', 3, 'company-3-settings'));
    vi.advanceTimersByTime(5_000);
    last().push(ev('e1'));
    expect(got).toEqual(['e1', 'e1']);
  });

  it('handles the events of one frame in their order, each with the same checks', () => {
    const { socket } = make();
    const got: string[] = [];
    socket.subscribe('company-3-user', (e) => got.push(e.id));
    socket.subscribe('company-3-settings', (e) => got.push(e.id));
    socket.connect();
    last().open();
    last().push([ev('a1'), ev('a2', 3, 'company-3-settings'), ev('a3', 4), ev('a1'), 'junk']);
    expect(got).toEqual(['a1', 'a2']);
  });

  it('reconnects with growing delays reusing the token, and re-joins its rooms', () => {
    const { socket, refresh } = make();
    socket.connect();
    const first = last();
    first.open();
    socket.send({ action: 'joinTickets', status: 'open' });
    socket.send({ action: 'joinChatBox', ticketId: 'abc' });
    socket.send({ action: 'joinNotification' });
    socket.send({ action: 'leaveChatBox', ticketId: 'abc' });
    first.drop(1001);
    expect(socket.status).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(FakeWs.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWs.all).toHaveLength(2);
    expect(last().url).toBe(first.url);
    last().drop(1006); // fails again before opening: next wait is 2 s
    vi.advanceTimersByTime(1_999);
    expect(FakeWs.all).toHaveLength(2);
    return vi.advanceTimersByTimeAsync(1).then(() => {
      // the second failed handshake in a row tries a refresh (a refused token looks the same)
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(FakeWs.all).toHaveLength(3);
      last().open();
      expect(last().sent).toEqual([
        { action: 'joinTickets', status: 'open' },
        { action: 'joinNotification' },
        { action: 'userStatus' },
      ]);
      last().drop(1001);
      vi.advanceTimersByTime(1_000); // attempts reset after a successful open
      expect(FakeWs.all).toHaveLength(4);
    });
  });

  it('refreshes before reconnecting when the server refused the token', async () => {
    const { socket, refresh } = make();
    socket.connect();
    last().open();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(FakeWs.all).toHaveLength(2);
    expect(last().url).not.toBe(FakeWs.all[0]!.url); // the new token
  });

  it('an expired token that fails the handshake is refreshed first', async () => {
    const { socket, refresh } = make({ token: fakeJwt({ sid: 's1', exp: 1 }) });
    socket.connect();
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(FakeWs.all).toHaveLength(2);
  });

  it('stops when the refresh says the session is over', async () => {
    const { socket } = make({ refresh: async () => null });
    socket.connect();
    last().open();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWs.all).toHaveLength(1);
    expect(socket.status).toBe('closed');
  });

  it('keeps backing off when the refresh cannot reach the server', async () => {
    const { socket } = make({
      refresh: async () => {
        throw new Error('offline');
      },
    });
    socket.connect();
    last().open();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(1_000); // refresh fails → schedule again (2 s)
    expect(FakeWs.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWs.all).toHaveLength(2);
    expect(socket.status).toBe('connecting');
  });

  it('close() ends for good: no reconnect, no more frames', () => {
    const { socket } = make();
    socket.connect();
    const ws = last();
    ws.open();
    socket.close();
    expect(ws.readyState).toBe(3);
    vi.advanceTimersByTime(120_000);
    expect(FakeWs.all).toHaveLength(1);
    expect(ws.sent).toEqual([{ action: 'userStatus' }]);
  });
});
