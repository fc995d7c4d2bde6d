import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../adapters/db/companies';

/** The table as the job sees it: the companies index, the plans, the invoices' keys, the daily claims. */
const db = vi.hoisted(() => ({
  companies: [] as Company[],
  invoices: new Map<string, unknown>(),
  claims: new Set<string>(),
}));
vi.mock('../../adapters/db/invoices', async (orig) => ({
  ...(await orig<typeof import('../../adapters/db/invoices')>()),
  companyPages: async function* () {
    for (let i = 0; i < db.companies.length; i += 2) yield db.companies.slice(i, i + 2);
  },
  putInvoiceIfNew: vi.fn(async (inv: { companyId: number; dueDate: string }) => {
    const key = `${inv.companyId}#${inv.dueDate}`;
    if (db.invoices.has(key)) return false;
    db.invoices.set(key, inv);
    return true;
  }),
  claimDailyJob: vi.fn(async (job: string, day: string) => (db.claims.has(`${job}#${day}`) ? false : (db.claims.add(`${job}#${day}`), true))),
  releaseDailyJob: vi.fn(async (job: string, day: string) => void db.claims.delete(`${job}#${day}`)),
}));
vi.mock('../../adapters/db/plans', async () => {
  const { SEED_PLANS } = await import('@conversa/shared/plans');
  return { getPlan: vi.fn(async (id: number) => SEED_PLANS.find((p) => p.id === id)) };
});

const { dueDateToInvoice, issueInvoices, issueFor } = await import('./issue-invoices');

const company = (id: number, dueDate: string | null, over: Partial<Company> = {}): Company => ({
  id, name: `C${id}`, email: `c${id}@x.local`, phone: '', planId: 2, status: true, dueDate, recurrence: 'MENSAL', campaignsEnabled: false, trial: false, createdAt: '2026-01-01T00:00:00.000Z', ...over,
});
const at = (iso: string) => new Date(`${iso}T09:30:00.000Z`);

beforeEach(() => {
  db.companies = [];
  db.invoices.clear();
  db.claims.clear();
});

describe('dueDateToInvoice', () => {
  it('issues 10 days before the due date, across a month end (28 days in February 2026)', () => {
    const c = company(5, '2026-03-01');
    expect(dueDateToInvoice(c, '2026-02-18')).toBeUndefined(); // 11 days before
    expect(dueDateToInvoice(c, '2026-02-19')).toBe('2026-03-01'); // 10 days before
    expect(dueDateToInvoice(c, '2026-03-01')).toBe('2026-03-01');
  });

  it('counts a leap February (2028) and a year end', () => {
    expect(dueDateToInvoice(company(5, '2028-03-01'), '2028-02-20')).toBe('2028-03-01'); // 29 Feb between: 10 days
    expect(dueDateToInvoice(company(5, '2028-03-01'), '2028-02-19')).toBeUndefined(); // 11 days
    expect(dueDateToInvoice(company(5, '2027-01-05'), '2026-12-26')).toBe('2027-01-05');
    expect(dueDateToInvoice(company(5, '2027-01-05'), '2026-12-25')).toBeUndefined();
  });

  it('still issues for an overdue company; never for company 1, an inactive one or one without a due date', () => {
    expect(dueDateToInvoice(company(5, '2026-01-31'), '2026-02-20')).toBe('2026-01-31');
    expect(dueDateToInvoice(company(1, '2026-03-01'), '2026-02-25')).toBeUndefined();
    expect(dueDateToInvoice(company(5, '2026-03-01', { status: false }), '2026-02-25')).toBeUndefined();
    expect(dueDateToInvoice(company(5, null), '2026-02-25')).toBeUndefined();
  });
});

describe('issueInvoices (the tick, fixed clock)', () => {
  it("issues one invoice per company due within 10 days, for its plan's price, once per due date", async () => {
    db.companies = [company(1, '2026-02-25'), company(5, '2026-02-28'), company(6, '2026-03-31'), company(7, '2026-03-10', { planId: 4 }), company(8, '2026-02-27', { planId: 1 })];
    expect(await issueInvoices(at('2026-02-28'))).toBe(2);
    expect([...db.invoices.keys()].sort()).toEqual(['5#2026-02-28', '7#2026-03-10']);
    expect(db.invoices.get('5#2026-02-28')).toMatchObject({ id: 20260228, detail: 'basico', value: 99, users: 5, connections: 2, queues: 5, status: 'open', paidAt: null, txid: null });
    expect(db.invoices.get('7#2026-03-10')).toMatchObject({ id: 20260310, value: 399 });
    // company 8's plan is free: nothing to charge.
    // The same day again: the claim holds, nothing is read or written.
    expect(await issueInvoices(at('2026-02-28'))).toBe(0);
    // A run without the claim (two ticks at once) writes nothing more: the invoice's key is taken.
    expect(await issueFor('2026-02-28', at('2026-02-28'))).toBe(0);
    expect(db.invoices.size).toBe(2);
  });

  it('issues the next due date after the company paid (31 Jan + 1 month = 28 Feb)', async () => {
    db.companies = [company(5, '2026-01-31')];
    expect(await issueInvoices(at('2026-01-21'))).toBe(1);
    db.companies = [company(5, '2026-02-28')];
    expect(await issueInvoices(at('2026-02-17'))).toBe(0); // 11 days before
    expect(await issueInvoices(at('2026-02-18'))).toBe(1);
    expect([...db.invoices.keys()]).toEqual(['5#2026-01-31', '5#2026-02-28']);
  });

  it("issues a company's custom plan at its price, with its limits and its plan's own price as the base; ignores one bought on another plan", async () => {
    db.companies = [
      company(5, '2026-03-05', { customPlan: { planId: 2, users: 4, connections: 3, amount: 110 } }),
      company(6, '2026-03-05', { planId: 3, customPlan: { planId: 2, users: 9, connections: 9, amount: 500 } }),
    ];
    expect(await issueInvoices(at('2026-02-25'))).toBe(2);
    expect(db.invoices.get('5#2026-03-05')).toMatchObject({ detail: 'basico personalizado', value: 110, planAmount: 99, users: 4, connections: 3, queues: 5 });
    expect(db.invoices.get('6#2026-03-05')).toMatchObject({ detail: 'empresarial', value: 199, planAmount: 199, users: 10, connections: 5 });
  });

  it('gives the day back when the run fails, so the next tick runs it', async () => {
    db.companies = [company(5, '2026-03-01', { planId: 99 })];
    const plans = await import('../../adapters/db/plans');
    vi.mocked(plans.getPlan).mockRejectedValueOnce(new Error('throttled'));
    await expect(issueInvoices(at('2026-02-25'))).rejects.toThrow('throttled');
    expect(db.claims.size).toBe(0);
  });
});
