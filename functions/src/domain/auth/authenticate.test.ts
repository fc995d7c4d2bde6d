import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The stored company as another container (the webhook's) left it. */
const stored = vi.hoisted(() => ({ dueDate: '2020-01-01' as string, reads: [] as boolean[] }));
vi.mock('../../adapters/db/companies', () => ({
  getCompany: vi.fn(async (id: number, consistent = false) => {
    stored.reads.push(consistent);
    return { id, name: 'C', email: 'c@x', phone: '', planId: 2, status: true, dueDate: stored.dueDate, recurrence: 'MENSAL', campaignsEnabled: false, trial: false, createdAt: '2026-01-01T00:00:00Z' };
  }),
}));
vi.mock('../../adapters/db/plans', () => ({ getCompanyPlan: vi.fn(async (c: { planId: number }) => ({ id: c.planId, name: 'basico', tier: 'basico' })) }));
vi.mock('../../adapters/db/users', () => ({ getUser: vi.fn(async (companyId: number, id: number) => ({ id, companyId, name: 'A', profile: 'admin', super: false })) }));

const { forgetCompany, loadCaller } = await import('./authenticate');
const claims = { companyId: 7, userId: 1, family: 'f' };

beforeEach(() => {
  forgetCompany(7);
  stored.reads = [];
});

describe('loadCaller: the company cache and an overdue company', () => {
  it('serves a company in good standing from the cache for a few seconds', async () => {
    stored.dueDate = '2999-01-01';
    await loadCaller(claims);
    await loadCaller(claims);
    expect(stored.reads).toEqual([false]);
  });

  it('reads an overdue company again, consistently, on each call: a payment made elsewhere lets it in at once', async () => {
    stored.dueDate = '2020-01-01';
    expect((await loadCaller(claims)).company.dueDate).toBe('2020-01-01');
    expect(stored.reads).toEqual([false, true]);
    // The webhook (another container) moved the due date: the very next call sees it, no cache wait.
    stored.dueDate = '2999-02-01';
    expect((await loadCaller(claims)).company.dueDate).toBe('2999-02-01');
    expect(stored.reads).toEqual([false, true, true]);
    // From then on the cache serves it again.
    await loadCaller(claims);
    expect(stored.reads).toEqual([false, true, true]);
  });
});
