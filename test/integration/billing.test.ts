/**
 * Invoices, the Pix checkout and the payment webhook (BEHAVIOUR.md "Billing") against the local
 * stack with the sandbox provider: the charge's BR Code, the webhook's authentication, idempotency,
 * the amount check, a txid never paying another company's invoice, and an overdue company getting
 * its access back without a new login.
 */
import { describe, expect, inject, it } from 'vitest';
import { crc16, parseBrCode, parseFields } from '@conversa/shared/br-code';
import { addMonths } from '@conversa/shared/recurrence';
import { queryPartition } from '../support/db';
import { PASSWORD, newCompany, unique, type Client } from '../support/api';
import { companyDueDate, concludeSandboxCharge, issueInvoicesNow, setDueDate, superAdmin, webhookPath } from '../support/billing';
import { checkoutBody } from '../support/fixtures/billing';

/** The platform's Pix key the stack runs with (the fake Efí's, global-setup.ts). */
const pixKey = inject('efi').pixKey;

/** A company (plan basico, R$ 99) due in `days`, with its invoice issued by the tick's pass. */
async function billed(days: number) {
  const co = await newCompany('basico');
  const due = await setDueDate(co.companyId, days);
  const invoice = await issueInvoicesNow(co.companyId, due);
  return { ...co, due, invoice };
}

async function checkout(admin: Client, invoiceId: number) {
  const res = await admin.call('POST', '/subscription', { body: checkoutBody(invoiceId) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { qrcode: { qrcode: string }; valor: { original: string }; urlMcPg: string; txid: string; provider: string };
}

const notice = (txid: string, valor = '99.00') => ({ pix: [{ endToEndId: `E00000000${Date.now()}abc`, txid, chave: pixKey, valor, horario: new Date().toISOString() }] });

describe('invoices', () => {
  it('lists the company\'s invoices, newest due date first, by cursor; one per due date', async () => {
    const { admin, invoice, companyId } = await billed(5);
    const list = await admin.call('GET', '/invoices/all');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ hasMore: false, list: [{ id: invoice.id, detail: 'basico', value: 99, status: 'open', users: 5, connections: 2, queues: 5 }] });
    // Two more due dates (the next months): three invoices, pages of two.
    for (const months of [1, 2]) {
      await setDueDate(companyId, 5 + 31 * months);
      await issueInvoicesNow(companyId, (await companyDueDate(companyId))!);
    }
    const first = await admin.call('GET', '/invoices/all?limit=2');
    expect(first.body.list.map((i: { dueDate: string }) => i.dueDate)).toEqual([...first.body.list.map((i: { dueDate: string }) => i.dueDate)].sort().reverse());
    expect(first.body.hasMore).toBe(true);
    const second = await admin.call('GET', `/invoices/all?limit=2&cursor=${first.body.cursor}`);
    expect(second.body).toMatchObject({ hasMore: false, list: [{ id: invoice.id }] });
    // The spec's pageNumber reaches the same page.
    expect((await admin.call('GET', '/invoices/all?limit=2&pageNumber=2')).body).toMatchObject({ hasMore: false, list: [{ id: invoice.id }] });
    expect((await admin.call('GET', `/invoices/all?searchParam=${invoice.dueDate.split('-').reverse().join('/')}`)).body.list).toHaveLength(1);
    // The tick's pass again: nothing new (one invoice per due date).
    await issueInvoicesNow(companyId, invoice.dueDate);
    expect((await admin.call('GET', '/invoices/all')).body.list).toHaveLength(3);
  });
});

describe('checkout (sandbox Pix)', () => {
  it("answers a BR Code whose CRC verifies and whose amount is the invoice's, whatever price the client sends; reuses the charge", async () => {
    const { admin, invoice } = await billed(3);
    const answer = await checkout(admin, invoice.id);
    expect(answer.valor.original).toBe('99.00');
    expect(answer.provider).toBe('sandbox');
    const code = answer.qrcode.qrcode;
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    const fields = parseBrCode(code);
    expect(fields.get('54')).toBe('99.00');
    expect(parseFields(fields.get('26')!).get('01')).toBe(pixKey);
    expect(answer.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(parseFields(fields.get('62')!).get('05')).toBe(answer.txid.slice(0, 25));
    // A second checkout of the same invoice gets the same charge.
    expect((await checkout(admin, invoice.id)).txid).toBe(answer.txid);
    const listed = await admin.call('GET', '/invoices/all');
    expect(listed.body.list[0].txid).toBe(answer.txid);
    // An invoice the company does not have.
    const missing = await admin.call('POST', '/subscription', { body: checkoutBody(20990101) });
    expect([missing.status, missing.body.error]).toEqual([404, 'ERR_NO_INVOICE_FOUND']);
  });
});

describe('payment webhook', () => {
  it('an overdue company is refused, pays through the webhook, and is let in again on the same session; a replay changes nothing', async () => {
    const { admin, invoice, companyId, due } = await billed(-3);
    const refused = await admin.call('GET', '/users');
    expect([refused.status, refused.body.error]).toEqual([402, 'ERR_SUBSCRIPTION_EXPIRED']);
    const { txid } = await checkout(admin, invoice.id);
    const sup = await superAdmin();
    const paid = await sup.call('POST', `/subscription/sandbox/${txid}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.outcome).toBe('paid');
    const next = addMonths(due, 1);
    expect(await companyDueDate(companyId)).toBe(next);
    // Same token, no new login: let in at once.
    expect((await admin.call('GET', '/users')).status).toBe(200);
    expect((await admin.call('GET', '/auth/me')).body.company.dueDate).toBe(next);
    const row = (await admin.call('GET', '/invoices/all')).body.list[0];
    expect(row).toMatchObject({ id: invoice.id, status: 'paid', txid });
    expect(row.paidAt).toBeTruthy();
    const audit = (await queryPartition(`C#${companyId}#AUDIT`)).filter((e) => e.action === 'invoice.pay');
    expect(audit).toHaveLength(1);
    expect(audit[0]!).toMatchObject({ userId: 0, before: { dueDate: due }, after: { dueDate: next, txid } });

    // The PSP calls again (and the super admin presses again): nothing moves.
    const replay = await admin.call('POST', webhookPath(), { body: notice(txid), token: null });
    expect(replay.status).toBe(200);
    expect(replay.body['already-paid']).toBe(1);
    expect((await sup.call('POST', `/subscription/sandbox/${txid}/pay`)).body.outcome).toBe('already-paid');
    expect(await companyDueDate(companyId)).toBe(next);
    expect((await queryPartition(`C#${companyId}#AUDIT`)).filter((e) => e.action === 'invoice.pay')).toHaveLength(1);
    // A paid invoice is not charged again.
    const again = await admin.call('POST', '/subscription', { body: checkoutBody(invoice.id) });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_INVOICE_ALREADY_PAID']);
  });

  it('refuses a wrong token with a code and changes nothing, even for a concluded charge', async () => {
    const { admin, invoice, companyId, due } = await billed(2);
    const { txid } = await checkout(admin, invoice.id);
    await concludeSandboxCharge(txid, '99.00');
    for (const token of ['wrong', `${process.env.PAYMENT_WEBHOOK_SECRET}x`, process.env.PAYMENT_WEBHOOK_SECRET!.slice(1)]) {
      const res = await admin.call('POST', webhookPath(token), { body: notice(txid), token: null });
      expect([res.status, res.body.error]).toEqual([401, 'ERR_WEBHOOK_UNAUTHORIZED']);
    }
    expect(await companyDueDate(companyId)).toBe(due);
    expect((await admin.call('GET', '/invoices/all')).body.list[0].status).toBe('open');
    // The right token pays it.
    const ok = await admin.call('POST', webhookPath(), { body: notice(txid), token: null });
    expect(ok.body.paid).toBe(1);
    expect(await companyDueDate(companyId)).toBe(addMonths(due, 1));
  });

  it('pays nothing when the amount paid differs from the invoice, and records why', async () => {
    const { admin, invoice, companyId, due } = await billed(-1);
    const { txid } = await checkout(admin, invoice.id);
    await concludeSandboxCharge(txid, '1.00');
    const res = await admin.call('POST', webhookPath(), { body: notice(txid, '99.00'), token: null });
    expect(res.status).toBe(200);
    expect(res.body['amount-mismatch']).toBe(1);
    expect(await companyDueDate(companyId)).toBe(due);
    expect((await admin.call('GET', '/invoices/all')).body.list[0].status).toBe('open');
    expect((await admin.call('GET', '/users')).status).toBe(402);
    const refused = (await queryPartition(`C#${companyId}#AUDIT`)).filter((e) => e.action === 'invoice.paymentRefused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.after).toMatchObject({ txid, paid: '1.00', expected: '99.00' });
  });

  it("a txid pays only its own company's invoice; an unknown txid pays nothing", async () => {
    const x = await billed(-2);
    const y = await billed(-2);
    expect(y.invoice.id).toBe(x.invoice.id); // same due date, same id: each company's own
    const { txid } = await checkout(x.admin, x.invoice.id);
    await concludeSandboxCharge(txid, '99.00');
    const res = await y.admin.call('POST', webhookPath(), { body: notice(txid), token: null });
    expect(res.body.paid).toBe(1);
    expect(await companyDueDate(x.companyId)).toBe(addMonths(x.due, 1));
    expect(await companyDueDate(y.companyId)).toBe(y.due);
    expect((await y.admin.call('GET', '/invoices/all')).body.list[0].status).toBe('open');
    expect((await y.admin.call('GET', '/users')).status).toBe(402);
    const unknown = await y.admin.call('POST', webhookPath(), { body: notice('Z'.repeat(32)), token: null });
    expect(unknown.body['unknown-txid']).toBe(1);
    expect(await companyDueDate(y.companyId)).toBe(y.due);
  });

  it("'Simular pagamento' is the super admin's only", async () => {
    const { admin, invoice } = await billed(4);
    const { txid } = await checkout(admin, invoice.id);
    const res = await admin.call('POST', `/subscription/sandbox/${txid}/pay`);
    expect([res.status, res.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const unknown = await (await superAdmin()).call('POST', `/subscription/sandbox/${'Q'.repeat(32)}/pay`);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_NO_CHARGE_FOUND']);
    expect((await admin.call('GET', '/invoices/all')).body.list[0].status).toBe('open');
  });
});

describe('custom plan (spec 2 §9: base 3 users and 3 connections, ±11 a user, ±20 a connection, minimum 3)', () => {
  const custom = (invoiceId: number, users: number, connections: number, price = 1) => ({ ...checkoutBody(invoiceId), plan: 'custom', users, connections, price });
  const addUser = (admin: Client) => admin.call('POST', '/users', { body: { name: 'Agente Extra', email: `${unique('agente')}@example.test`, password: PASSWORD } });

  it('refuses counters below 3 (or missing) with a code and makes no charge', async () => {
    const { admin, invoice } = await billed(6);
    for (const [u, c] of [[2, 3], [3, 2], [0, 0]] as const) {
      const res = await admin.call('POST', '/subscription', { body: custom(invoice.id, u, c) });
      expect([res.status, res.body.error]).toEqual([400, 'ERR_CUSTOM_PLAN_MINIMUM']);
    }
    const { users: _u, connections: _c, ...noCounters } = custom(invoice.id, 3, 3);
    expect((await admin.call('POST', '/subscription', { body: noCounters })).body.error).toBe('ERR_CUSTOM_PLAN_MINIMUM');
    expect((await admin.call('GET', '/invoices/all')).body.list[0]).toMatchObject({ txid: null, custom: null });
  });

  it("charges the server's price whatever the client sends, replaces a charge for something else, pays it and gives the company those limits; the next invoice has the new price; a replay changes nothing", async () => {
    const { admin, invoice, companyId, due } = await billed(2);
    // basico (R$ 99, 5 users, 2 connections): 6 users and 3 connections = 99 + 3 × 11 + 0 × 20.
    const plain = await checkout(admin, invoice.id);
    expect(plain.valor.original).toBe('99.00');
    const res = await admin.call('POST', '/subscription', { body: custom(invoice.id, 6, 3, 1) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.valor.original).toBe('132.00');
    expect(parseBrCode(res.body.qrcode.qrcode).get('54')).toBe('132.00');
    expect(res.body.txid).not.toBe(plain.txid);
    // The same purchase again reuses its charge; the invoice records what it is for.
    expect((await admin.call('POST', '/subscription', { body: custom(invoice.id, 6, 3, 999) })).body.txid).toBe(res.body.txid);
    expect((await admin.call('GET', '/invoices/all')).body.list[0]).toMatchObject({ value: 99, planAmount: 99, txid: res.body.txid, custom: { users: 6, connections: 3, value: 132 } });

    // Before paying: the plan's 5 users (the admin and 4 more), not a 6th.
    for (let i = 0; i < 4; i++) expect((await addUser(admin)).status).toBe(201);
    expect((await addUser(admin)).body.error).toBe('ERR_MAX_USERS_REACHED');
    const sup = await superAdmin();
    expect((await sup.call('POST', `/subscription/sandbox/${res.body.txid}/pay`)).body.outcome).toBe('paid');
    // The sandbox paid 132.00 for the txid that bought 132.00: the company now has 6 users and 3 connections.
    expect(await companyDueDate(companyId)).toBe(addMonths(due, 1));
    expect((await admin.call('GET', '/auth/me')).body.company.plan).toMatchObject({ name: 'basico personalizado', users: 6, connections: 3, amount: 132, queues: 5 });
    expect((await addUser(admin)).status).toBe(201);
    const seventh = await addUser(admin);
    expect([seventh.status, seventh.body.error]).toEqual([403, 'ERR_MAX_USERS_REACHED']);
    expect((await admin.call('GET', '/invoices/all')).body.list[0]).toMatchObject({ status: 'paid', value: 132, users: 6, connections: 3, txid: res.body.txid });
    const audit = (await queryPartition(`C#${companyId}#AUDIT`)).filter((e) => e.action === 'invoice.pay');
    expect(audit[0]!.after).toMatchObject({ paid: '132.00', customPlan: { users: 6, connections: 3, amount: 132 } });

    // The next invoice (issued by the tick's pass) is the custom plan at its price.
    const next = await issueInvoicesNow(companyId, (await companyDueDate(companyId))!);
    expect(next).toMatchObject({ detail: 'basico personalizado', value: 132, planAmount: 99, users: 6, connections: 3 });

    // The replayed webhook (and a second press) change nothing.
    const replay = await admin.call('POST', webhookPath(), { body: notice(res.body.txid, '132.00'), token: null });
    expect(replay.body['already-paid']).toBe(1);
    expect(await companyDueDate(companyId)).toBe(addMonths(due, 1));
    expect((await queryPartition(`C#${companyId}#AUDIT`)).filter((e) => e.action === 'invoice.pay')).toHaveLength(1);

    // A super admin moving the company to another plan ends the custom plan: back on basico, its own limits.
    const plans = (await admin.call('GET', '/plans/list')).body as { id: number; name: string }[];
    const idOf = (name: string) => plans.find((p) => p.name === name)!.id;
    for (const [name, users] of [['empresarial', 10], ['basico', 5]] as const) {
      expect((await sup.call('PUT', `/companies/${companyId}`, { body: { planId: idOf(name) } })).status).toBe(200);
      expect((await admin.call('GET', '/auth/me')).body.company.plan).toMatchObject({ name, users });
    }
  });

  it('a replaced charge still pays for what its own txid bought', async () => {
    const { admin, invoice } = await billed(3);
    const first = (await admin.call('POST', '/subscription', { body: custom(invoice.id, 4, 4) })).body;
    expect(first.valor.original).toBe('130.00'); // 99 + 11 + 20
    const second = await checkout(admin, invoice.id);
    expect(second.txid).not.toBe(first.txid);
    expect((await admin.call('GET', '/invoices/all')).body.list[0]).toMatchObject({ txid: second.txid, custom: null });
    await concludeSandboxCharge(first.txid, '130.00');
    expect((await admin.call('POST', webhookPath(), { body: notice(first.txid, '130.00'), token: null })).body.paid).toBe(1);
    expect((await admin.call('GET', '/invoices/all')).body.list[0]).toMatchObject({ status: 'paid', value: 130, users: 4, connections: 4 });
    expect((await admin.call('GET', '/auth/me')).body.company.plan).toMatchObject({ users: 4, connections: 4, amount: 130 });
  });
});
