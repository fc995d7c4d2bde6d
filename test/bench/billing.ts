/**
 * Billing on the local stack (BEHAVIOUR.md "Billing"): a fresh company (plan basico) with `n`
 * invoices, each with its Pix charge (POST /subscription) concluded at the sandbox; then the
 * webhook pays them one call each (one paid invoice per call), then the same calls again
 * (replays: nothing changes). Also the checkout, the invoices page and the tick's invoice pass per
 * company. Prints latency and DynamoDB capacity units per call (adapters/db/capacity.ts).
 */
import { randomUUID } from 'node:crypto';
import { addDaysTo } from '../../shared/src/recurrence';
import { SEED_PLANS } from '../../shared/src/plans';
import { putInvoiceIfNew } from '../../functions/src/adapters/db/invoices';
import { sandboxProvider } from '../../functions/src/adapters/payments/sandbox';
import { issueFor, newInvoice } from '../../functions/src/domain/billing/issue-invoices';
import { today } from '../../functions/src/domain/companies/subscription';
import { takeOps } from '../../functions/src/adapters/db/capacity';

type Units = { read: number; write: number; calls: number };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

export async function benchBilling(baseUrl: string, takeUnits: () => Units, n = 20): Promise<string[]> {
  const api = `${baseUrl}/api`;
  const json = { 'content-type': 'application/json' };
  const plan = SEED_PLANS.find((p) => p.name === 'basico')!;
  const email = `bench-billing-${randomUUID().slice(0, 8)}@example.test`;
  const signup = await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: `Bench Billing ${randomUUID().slice(0, 6)}`, name: 'Bench', email, password: 'Conversa123', phone: '11999990000', planId: plan.id }) });
  const companyId = ((await signup.json()) as { companyId: number }).companyId;
  const login = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Conversa123' }) })).json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${login.token}` };

  const now = new Date();
  const dueDates = Array.from({ length: n }, (_, i) => addDaysTo(today(now), 5 + i));
  for (const d of dueDates) await putInvoiceIfNew(newInvoice(companyId, plan, d, now));
  const rows: string[] = [];
  const line = (op: string, times: number[], u: Units, calls: number) =>
    `${op.padEnd(44)} ${String(calls).padStart(4)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)} ${(u.read / calls).toFixed(2).padStart(6)} ${(u.write / calls).toFixed(2).padStart(6)}`;

  const timed = async (op: string, items: readonly string[], call: (x: string) => Promise<Response>, check: (body: any) => void) => {
    takeUnits();
    const times: number[] = [];
    for (const x of items) {
      const t = performance.now();
      const res = await call(x);
      const body = await res.json();
      times.push(performance.now() - t);
      if (res.status >= 400) throw new Error(`${op}: ${res.status} ${JSON.stringify(body)}`);
      check(body);
    }
    rows.push(line(op, times, takeUnits(), items.length));
  };

  const txids: string[] = [];
  const checkoutBody = (d: string) => ({ firstName: 'Bench', address2: 'Rua 1', city: 'Recife', zipcode: '50000-000', country: 'Brasil', invoiceId: Number(d.replace(/-/g, '')) });
  await timed('POST /subscription (new Pix charge)', dueDates, (d) => fetch(`${api}/subscription`, { method: 'POST', headers: auth, body: JSON.stringify(checkoutBody(d)) }), (b) => txids.push(b.txid));
  await timed('POST /subscription (charge reused)', dueDates, (d) => fetch(`${api}/subscription`, { method: 'POST', headers: auth, body: JSON.stringify(checkoutBody(d)) }), () => undefined);
  await timed('GET /invoices/all (20 a page)', ['x', 'x', 'x', 'x', 'x'], () => fetch(`${api}/invoices/all`, { headers: auth }), () => undefined);
  const sandbox = sandboxProvider();
  for (const txid of txids) await sandbox.markPaid(txid);
  const hook = `${api}/webhooks/pix/${process.env.PAYMENT_WEBHOOK_SECRET}`;
  const notice = (txid: string) => JSON.stringify({ pix: [{ endToEndId: `E00000000${Date.now()}bench`, txid, valor: plan.amount.toFixed(2), horario: new Date().toISOString() }] });
  takeOps();
  await timed('POST /webhooks/pix (one invoice paid)', txids, (t) => fetch(hook, { method: 'POST', headers: json, body: notice(t) }), (b) => {
    if (b.paid !== 1) throw new Error(`webhook did not pay: ${JSON.stringify(b)}`);
  });
  const byOp = new Map<string, number>();
  // A txid is in the key of two items: one line for all of them.
  for (const [op, calls] of takeOps()) byOp.set(op.replace(/#[A-Za-z0-9_]{20,}/g, '#<txid>'), (byOp.get(op.replace(/#[A-Za-z0-9_]{20,}/g, '#<txid>')) ?? 0) + calls.n);
  const webhookOps = [...byOp].map(([op, calls]) => `  ${op}: ${(calls / txids.length).toFixed(2)} a call`);
  await timed('POST /webhooks/pix (replay: nothing changes)', txids, (t) => fetch(hook, { method: 'POST', headers: json, body: notice(t) }), (b) => {
    if (b['already-paid'] !== 1) throw new Error(`replay: ${JSON.stringify(b)}`);
  });

  takeUnits();
  const t = performance.now();
  const issued = await issueFor(today(now), now);
  const ms = performance.now() - t;
  const u = takeUnits();
  const header = `${'operation'.padEnd(44)} ${'n'.padStart(4)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'RCU'.padStart(6)} ${'WCU'.padStart(6)}`;
  return [
    '\nBilling: Pix checkout and payment webhook on the local stack (sandbox provider; ms; capacity units per call)\n',
    header,
    ...rows,
    '\nDynamoDB calls of one paid webhook:',
    ...webhookOps,
    `\nTick's invoice pass over every company of the stack: ${u.calls} calls, ${u.read.toFixed(2)} RCU, ${u.write.toFixed(2)} WCU, ${ms.toFixed(0)} ms (${issued} issued)`,
  ];
}
