/**
 * The sandbox driver's pairing (issue 25): a scan the API recorded for a QR that was current at the
 * time pairs, even when the driver's poll rotated the QR between reading the connection and the
 * scan landing; the connection is what the API writes (`scannedQr` only while it is the current QR).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Conn = { status: string; qrcode: string; scannedQr?: string; scannedAt?: string };
const state: { conn: Conn; onRead?: () => boolean; paired: boolean } = { conn: { status: 'OPENING', qrcode: '' }, paired: false };

vi.mock('@conversa/functions/adapters/db/connections', () => ({
  getConnection: vi.fn(async () => {
    const snapshot = { ...state.conn };
    // What lands just after this read, before the driver goes on (the hook says when it is done).
    if (state.onRead?.()) state.onRead = undefined;
    return snapshot;
  }),
}));
vi.mock('@conversa/functions/adapters/db/wa-auth-state', () => ({
  readAuthItem: vi.fn(async () => (state.paired ? '{}' : undefined)),
  writeAuthItems: vi.fn(async () => {
    state.paired = true;
  }),
  clearAuthState: vi.fn(async () => undefined),
}));

const { SandboxDriver, SANDBOX_TIMINGS } = await import('./sandbox');
const { SendError, signalOf } = await import('@conversa/shared/send-signals');
const { silentLog } = await import('../log');

const memoryStore = () => {
  const m = new Map<string, string>();
  return {
    read: async (names: readonly string[]) => new Map(names.flatMap((n) => (m.has(n) ? [[n, m.get(n)!] as const] : []))),
    write: async (entries: readonly { name: string; data: string | null }[]) => void entries.forEach((e) => (e.data === null ? m.delete(e.name) : m.set(e.name, e.data))),
    clear: async () => m.clear(),
  };
};

/** A driver whose reports land on `state.conn` as the manager's reports land on the connection. */
function driver(timings: Partial<typeof SANDBOX_TIMINGS>) {
  const statuses: string[] = [];
  const d = new SandboxDriver(
    {
      companyId: 7,
      whatsappId: 3,
      hostId: 'test',
      log: silentLog,
      events: {
        qr: (text) => void (state.conn = { ...state.conn, status: 'qrcode', qrcode: text }),
        status: (s) => {
          statuses.push(s);
          state.conn = { ...state.conn, status: s, ...(s === 'CONNECTED' ? { qrcode: '' } : {}) };
        },
        number: () => undefined,
        inbound: () => undefined,
      },
    },
    { ...SANDBOX_TIMINGS, pollMs: 5, ...timings },
    memoryStore(),
  );
  return { d, statuses };
}

/** What POST /sandbox/{id}/scan records: only while the named QR is the current one. */
function apiScan(qrcode: string): boolean {
  if (state.conn.status !== 'qrcode' || state.conn.qrcode !== qrcode) return false;
  state.conn = { ...state.conn, scannedQr: qrcode, scannedAt: new Date().toISOString() };
  return true;
}

const until = async (what: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

beforeEach(() => {
  state.conn = { status: 'OPENING', qrcode: '' };
  state.onRead = undefined;
  state.paired = false;
});
afterEach(() => vi.clearAllMocks());

describe('sandbox pairing', () => {
  it('a scan that lands while the poll rotates the QR still pairs', async () => {
    // A QR's life of 0: every poll reads the connection, then rotates. The scan lands just after the
    // first read, so the poll rotates right after it (no timing: the read itself lands the scan).
    const { d, statuses } = driver({ qrTtlMs: 0 });
    await d.start();
    const first = state.conn.qrcode;
    expect(first).toMatch(/^conversa-sandbox:7:3:/);
    let scanned = false;
    state.onRead = () => {
      scanned = apiScan(first);
      return true;
    };
    await until(() => statuses.includes('CONNECTED'), 10_000);
    expect(scanned).toBe(true);
    expect(state.conn.qrcode).toBe('');
    expect(d.isConnected()).toBe(true);
    expect(state.paired).toBe(true);
    await d.stop();
  });

  it('a scan of a QR from an earlier start does not pair', async () => {
    const { d, statuses } = driver({ qrTtlMs: 60_000 });
    state.conn = { status: 'qrcode', qrcode: 'conversa-sandbox:7:3:old', scannedQr: 'conversa-sandbox:7:3:old' };
    await d.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(statuses).not.toContain('CONNECTED');
    expect(apiScan(state.conn.qrcode)).toBe(true);
    await until(() => statuses.includes('CONNECTED'), 10_000);
    await d.stop();
  });

  it('after the last QR it reports TIMEOUT, and still pairs on a scan recorded before TIMEOUT landed', async () => {
    const { d, statuses } = driver({ qrTtlMs: 10, maxQrs: 2 });
    await d.start();
    await until(() => statuses.includes('TIMEOUT'), 10_000);
    expect(statuses).not.toContain('CONNECTED');
    await d.stop();

    const late = driver({ qrTtlMs: 0, maxQrs: 1 });
    state.conn = { status: 'OPENING', qrcode: '' };
    await late.d.start();
    const only = state.conn.qrcode;
    // The scan lands after the read that decides TIMEOUT (the first: a QR's life of 0), before TIMEOUT reaches the connection.
    state.onRead = () => apiScan(only);
    await until(() => late.statuses.includes('CONNECTED'), 10_000);
    expect(late.statuses).toEqual(['OPENING', 'TIMEOUT', 'CONNECTED']);
    await late.d.stop();
  });
});

describe('sandbox rules for campaigns', () => {
  it('answers the numbers check with its own rule, only while paired', async () => {
    const { d } = driver({});
    await expect(d.checkNumbers(['5511999990001'])).rejects.toThrow(/not connected/);
    state.paired = true;
    await d.start();
    expect(await d.checkNumbers(['5511999990001', '5511999990000', '123'])).toEqual([true, false, false]);
    await d.stop();
  });

  it('refuses a send to a number ending in 0429 as a rate limit, and in 0403 as a ban, and stays connected', async () => {
    state.paired = true;
    const { d } = driver({});
    await d.start();
    const job = (chatId: string) => ({ companyId: 7, whatsappId: 3, ticketId: 1, messageId: 'm', chatId, isGroup: false, action: 'send' as const, body: 'Oferta', isForwarded: false });
    const refusal = async (chatId: string) => d.send(job(chatId)).then(() => undefined, (e: unknown) => e);
    expect(signalOf(await refusal('5511999990429'))).toBe('rate_limit');
    expect(signalOf(await refusal('5511999990403'))).toBe('banned');
    expect(await refusal('5511999990403')).toBeInstanceOf(SendError);
    expect(d.isConnected()).toBe(true);
    await d.stop();
  });
});
