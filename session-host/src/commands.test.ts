/**
 * Session commands on the host with the request item in memory (the DynamoDB conditions run in
 * test/integration/groups-and-import.test.ts): a group is made once whatever the redeliveries,
 * refusals and expiries are recorded and answered, the chat list goes to a file.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandResult, KnownChat, SessionCommand } from '@conversa/shared/channels';
import type { GroupRequest } from '@conversa/functions/adapters/db/group-requests';
import type { SessionDriver } from './drivers/driver';
import { silentLog } from './log';

const requests = new Map<string, GroupRequest>();
vi.mock('@conversa/functions/adapters/db/group-requests', () => ({
  getGroupRequest: async (_cid: number, id: string) => (requests.has(id) ? { ...requests.get(id)! } : undefined),
  claimGroupRequest: async (_cid: number, id: string, host: string, now = Date.now()) => {
    const r = requests.get(id);
    if (!r || r.status !== 'pending' || r.deadline <= now) return false;
    requests.set(id, { ...r, status: 'running', claim: { host, at: now } });
    return true;
  },
  markGroupCreated: async (_cid: number, id: string, host: string, groupId: string) => {
    const r = requests.get(id);
    if (!r || r.status !== 'running' || r.claim?.host !== host) return false;
    requests.set(id, { ...r, status: 'created', groupId });
    return true;
  },
  markGroupFailed: async (_cid: number, id: string, error: string, from: string) => {
    const r = requests.get(id);
    if (!r || r.status !== from) return false;
    requests.set(id, { ...r, status: 'failed', error });
    return true;
  },
}));
const { chatListKey, runCommand } = await import('./commands');

const ID = '6f1c1c52-5b0e-4a43-9d7e-3d1b1f0e0a01';
function request(over: Partial<GroupRequest> = {}): GroupRequest {
  return { requestId: ID, companyId: 4, whatsappId: 7, requestedBy: 1, subject: 'Equipe', participants: ['5511988880000'], queueId: 1, userId: 1, status: 'pending', deadline: Date.now() + 60_000, createdAt: '', updatedAt: '', ...over };
}
const createGroup = (over: Partial<SessionCommand> = {}): SessionCommand =>
  ({ kind: 'command', command: 'createGroup', companyId: 4, whatsappId: 7, requestId: ID, deadline: Date.now() + 60_000, subject: 'Equipe', participants: ['5511988880000'], ...over }) as SessionCommand;

function driver(o: { connected?: boolean; fail?: string; chats?: KnownChat[] } = {}) {
  const made: string[] = [];
  const d = {
    isConnected: () => o.connected ?? true,
    createGroup: async (subject: string) => {
      if (o.fail) throw new Error(o.fail);
      made.push(subject);
      return { id: `120363${String(made.length).padStart(12, '0')}@g.us`, subject };
    },
    listChats: async () => o.chats ?? [],
  } as unknown as SessionDriver;
  return { d, made };
}

function deps(claimant = 'host-a#1') {
  const published: CommandResult[] = [];
  const files = new Map<string, string>();
  return {
    published,
    files,
    d: { publish: async (r: CommandResult) => void published.push(r), claimant, log: silentLog, interruptedAfterMs: 60_000, storeFile: async (k: string, b: Buffer) => void files.set(k, b.toString()) },
  };
}

beforeEach(() => requests.clear());

describe('createGroup', () => {
  it('makes the group once: a redelivery answers the recorded group again, in the group chat', async () => {
    requests.set(ID, request());
    const { d, made } = driver();
    const a = deps();
    await runCommand(createGroup(), d, a.d);
    await runCommand(createGroup(), d, a.d);
    expect(made).toEqual(['Equipe']);
    expect(requests.get(ID)).toMatchObject({ status: 'created', groupId: '120363000000000001@g.us' });
    expect(a.published).toHaveLength(2);
    for (const r of a.published) expect(r).toMatchObject({ kind: 'command', command: 'createGroup', requestId: ID, chatId: '120363000000000001@g.us', group: { id: '120363000000000001@g.us', subject: 'Equipe' } });
    expect(a.published[0]!.error).toBeUndefined();
  });

  it('a refusal of the channel is recorded and answered', async () => {
    requests.set(ID, request());
    const a = deps();
    await runCommand(createGroup(), driver({ fail: 'forbidden' }).d, a.d);
    expect(requests.get(ID)).toMatchObject({ status: 'failed', error: 'forbidden' });
    expect(a.published).toEqual([expect.objectContaining({ error: 'forbidden', chatId: `cmd:${ID}` })]);
  });

  it('past its deadline or with the session down: SESSION_UNAVAILABLE, no group', async () => {
    requests.set(ID, request({ deadline: Date.now() - 1 }));
    const { d, made } = driver();
    const a = deps();
    await runCommand(createGroup({ deadline: Date.now() - 1 }), d, a.d);
    expect(made).toEqual([]);
    expect(requests.get(ID)?.error).toMatch(/^session unavailable: the request expired/);
    expect(a.published[0]?.error).toMatch(/^session unavailable/);

    requests.set(ID, request());
    const down = deps();
    await runCommand(createGroup(), driver({ connected: false }).d, down.d);
    expect(requests.get(ID)?.error).toBe('session unavailable: the session is not connected');
  });

  it('another host on it: looked at later; once its claim is old, failed (never a second group)', async () => {
    requests.set(ID, request({ status: 'running', claim: { host: 'host-b#2', at: Date.now() } }));
    const { d, made } = driver();
    const a = deps();
    expect(await runCommand(createGroup(), d, a.d)).toBe('later');
    expect(a.published).toEqual([]);
    requests.set(ID, request({ status: 'running', claim: { host: 'host-b#2', at: Date.now() - 61_000 } }));
    expect(await runCommand(createGroup(), d, a.d)).toBeUndefined();
    expect(made).toEqual([]);
    expect(requests.get(ID)).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
    expect(a.published[0]?.error).toMatch(/interrupted/);
  });
});

describe('listChats', () => {
  it('writes the list (one entry per number) to the job file and answers its key and count', async () => {
    const a = deps();
    const chats = [{ number: '5511988880000', name: '' }, { number: '5511977770000', name: 'Beto' }, { number: '5511988880000', name: 'Ana' }];
    await runCommand({ kind: 'command', command: 'listChats', companyId: 4, whatsappId: 7, requestId: ID, deadline: Date.now() + 60_000 }, driver({ chats }).d, a.d);
    const key = chatListKey(4, ID);
    expect(key).toBe(`companies/4/imports/chats-${ID}.json`);
    expect(JSON.parse(a.files.get(key)!)).toEqual([{ number: '5511988880000', name: 'Ana' }, { number: '5511977770000', name: 'Beto' }]);
    expect(a.published).toEqual([expect.objectContaining({ command: 'listChats', chatId: `cmd:${ID}`, chats: { key, count: 2 } })]);
  });

  it('with the session down: an error, no file', async () => {
    const a = deps();
    await runCommand({ kind: 'command', command: 'listChats', companyId: 4, whatsappId: 7, requestId: ID, deadline: Date.now() + 60_000 }, driver({ connected: false }).d, a.d);
    expect(a.files.size).toBe(0);
    expect(a.published[0]?.error).toMatch(/^session unavailable/);
  });
});

describe('checkNumbers', () => {
  const check = (numbers: string[], over: Partial<SessionCommand> = {}): SessionCommand =>
    ({ kind: 'command', command: 'checkNumbers', companyId: 4, whatsappId: 7, requestId: ID, deadline: Date.now() + 60_000, contactListId: 12, items: numbers.map((number, i) => ({ id: 100 + i, number })), ...over }) as SessionCommand;
  const checker = (o: { connected?: boolean; fail?: string } = {}) => {
    const calls: { at: number; numbers: readonly string[] }[] = [];
    const d = {
      isConnected: () => o.connected ?? true,
      checkNumbers: async (numbers: readonly string[]) => {
        calls.push({ at: Date.now(), numbers });
        if (o.fail) throw new Error(o.fail);
        return numbers.map((n) => (n.endsWith('000') ? false : n.endsWith('999') ? null : true));
      },
    } as unknown as SessionDriver;
    return { d, calls };
  };

  it("answers each item's account, for its list", async () => {
    const a = deps();
    await runCommand(check(['5511988880001', '5511988880000', '5511988880999']), checker().d, { ...a.d, checkGapMs: 0 });
    expect(a.published).toEqual([
      expect.objectContaining({ command: 'checkNumbers', requestId: ID, chatId: `cmd:${ID}`, contactListId: 12, checked: [{ id: 100, number: '5511988880001', exists: true }, { id: 101, number: '5511988880000', exists: false }, { id: 102, number: '5511988880999', exists: null }] }),
    ]);
  });

  it('paces the checks of one session without waiting for the turn: a check before it goes back with the time left; another session does not wait', async () => {
    const a = deps();
    const one = checker();
    const other = checker();
    const opts = { ...a.d, checkGapMs: 150 };
    const start = Date.now();
    const [first, early, elsewhere] = await Promise.all([runCommand(check(['5511988880001']), one.d, opts), runCommand(check(['5511988880002']), one.d, opts), runCommand(check(['5511988880003']), other.d, opts)]);
    expect(first).toBeUndefined();
    expect(elsewhere).toBeUndefined();
    // The second check of the session is not run and not waited for: it answers when to come back.
    expect(early).toEqual({ retryInMs: expect.any(Number) });
    expect((early as { retryInMs: number }).retryInMs).toBeLessThanOrEqual(150);
    expect(Date.now() - start).toBeLessThan(100);
    expect(one.calls).toHaveLength(1);
    expect(other.calls).toHaveLength(1);
    // Right after the gap's start it is still early; once the gap is over it runs.
    expect(await runCommand(check(['5511988880002']), one.d, opts)).toEqual({ retryInMs: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 160));
    expect(await runCommand(check(['5511988880002']), one.d, opts)).toBeUndefined();
    expect(one.calls[1]!.at - one.calls[0]!.at).toBeGreaterThanOrEqual(150);
    expect(a.published).toHaveLength(3);
  });

  it('with the session down or the channel refusing: an error for the list, no answers', async () => {
    const down = deps();
    const idle = checker({ connected: false });
    await runCommand(check(['5511988880001']), idle.d, down.d);
    expect(idle.calls).toEqual([]);
    expect(down.published[0]).toMatchObject({ contactListId: 12, error: expect.stringMatching(/^session unavailable/) });
    expect(down.published[0]!.checked).toBeUndefined();
    const refused = deps();
    await runCommand(check(['5511988880001']), checker({ fail: 'rate-overlimit' }).d, { ...refused.d, checkGapMs: 0 });
    expect(refused.published[0]).toMatchObject({ contactListId: 12, error: 'rate-overlimit' });
  });
});
