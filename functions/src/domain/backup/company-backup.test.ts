/**
 * The backup worker's turns over a big company, with the table, the bucket and the queue stubbed:
 * parts of at least 5 MB, the read position saved with each part, a turn that runs out of time hands
 * on and the next goes on from the last part (what was read after it is read again, never lost nor
 * doubled), and a redelivered message that finds the job moved on stops.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupJob } from '../../adapters/db/backups';

const state = vi.hoisted(() => ({ job: undefined as BackupJob | undefined, parts: new Map<number, string>(), enqueued: 0, completed: undefined as number[] | undefined }));
/** 60 pages of 1,000 items of ~300 bytes: ~18 MB, so four parts. */
const PAGES = 60;
const item = (page: number, i: number) => ({ PK: `C#7#MSGS#${page}`, SK: String(i).padStart(6, '0'), body: 'x'.repeat(260) });

vi.mock('../../adapters/db/backups', () => ({
  getBackupJob: async () => (state.job ? structuredClone(state.job) : undefined),
  putBackupJob: async (j: BackupJob) => void (state.job = j),
  advanceBackupJob: async (j: BackupJob, partsBefore: number, change: Partial<BackupJob>) => {
    if (!state.job || state.job.parts.length !== partsBefore || state.job.finished) return false;
    state.job = { ...state.job, ...change };
    return true;
  },
}));
vi.mock('../../adapters/db/company-scan', () => ({
  companyItemsPage: async (_cid: number, after: { page: number } | undefined) => {
    const page = after ? after.page + 1 : 0;
    return { items: Array.from({ length: 1000 }, (_, i) => item(page, i)), ...(page < PAGES - 1 ? { last: { page } } : {}) };
  },
}));
vi.mock('../../adapters/db/companies', () => ({ getCompany: async () => ({ id: 7, name: 'Empresa Sete' }) }));
vi.mock('../../adapters/media', () => ({
  startMultipart: async () => 'upload-1',
  uploadPart: async (_k: string, _u: string, n: number, body: Buffer) => {
    state.parts.set(n, body.toString());
    return `etag-${n}`;
  },
  completeMultipart: async (_k: string, _u: string, parts: { n: number }[]) => void (state.completed = parts.map((p) => p.n)),
  presignDownload: async () => 'https://example.test/backup',
}));
vi.mock('../../adapters/queue', () => ({ enqueue: async () => void (state.enqueued += 1) }));
vi.mock('../audit/record-audit', () => ({ recordAudit: async () => undefined }));

const { backupLine, PART_BYTES, workOnBackup } = await import('./backup-work');

beforeEach(() => {
  const now = new Date().toISOString();
  state.job = { jobId: '00000000-0000-4000-8000-000000000001', companyId: 7, userId: 1, key: 'companies/7/backups/x.jsonl', parts: [], items: 0, finished: false, failed: false, createdAt: now, updatedAt: now };
  state.parts.clear();
  state.enqueued = 0;
  state.completed = undefined;
});

describe('workOnBackup', () => {
  it('writes every item once, in parts of at least 5 MB, across turns that run out of time', async () => {
    let calls = 0;
    // Each turn may read ~25 pages before its time is "up".
    const clock = () => (++calls % 25 === 0 ? 1_000 : 60_000);
    const outcomes: string[] = [];
    for (let turn = 0; turn < 20 && !state.job!.finished; turn++) outcomes.push(await workOnBackup(7, state.job!.jobId, clock));
    expect(outcomes.at(-1)).toBe('done');
    expect(outcomes.filter((o) => o === 'continue').length).toBe(state.enqueued);
    expect(state.enqueued).toBeGreaterThan(0);
    const parts = [...state.parts.entries()].sort(([a], [b]) => a - b);
    expect(state.completed).toEqual(parts.map(([n]) => n));
    for (const [, body] of parts.slice(0, -1)) expect(Buffer.byteLength(body)).toBeGreaterThanOrEqual(PART_BYTES);
    const lines = parts.map(([, b]) => b).join('').trim().split('\n').map((l) => JSON.parse(l) as { PK: string; SK: string });
    expect(lines[0]).toMatchObject({ PK: 'P#COMPANY#7', SK: 'META' });
    const keys = lines.slice(1).map((l) => `${l.PK}/${l.SK}`);
    expect(keys.length).toBe(PAGES * 1000);
    expect(new Set(keys).size).toBe(keys.length);
    expect(state.job!.items).toBe(lines.length);
  });

  it('a redelivered message that finds the job moved on stops', async () => {
    const stale = structuredClone(state.job!);
    await workOnBackup(7, stale.jobId, () => 60_000);
    expect(state.job!.finished).toBe(true);
    expect(await workOnBackup(7, stale.jobId, () => 60_000)).toBe('done');
  });

  it('leaves out sessions and sockets, and masks secrets', () => {
    expect(backupLine({ PK: 'C#7#SESSIONS', SK: 'f' })).toBeUndefined();
    expect(backupLine({ PK: 'C#7#WS', SK: 'c' })).toBeUndefined();
    expect(backupLine({ PK: 'C#7#WAAUTH#3', SK: 'creds' })).toBeUndefined();
    const user = JSON.parse(backupLine({ PK: 'C#7#USERS', SK: '1', email: 'a@b.c', passwordHash: 'scrypt$abc', totpSecret: 'XYZ', ids: new Set([1, 2]) })!);
    expect(user).toEqual({ PK: 'C#7#USERS', SK: '1', email: 'a@b.c', passwordHash: '••••••', totpSecret: '••••••', ids: [1, 2] });
  });
});
