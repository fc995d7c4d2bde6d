import { getLease } from '../../functions/src/adapters/db/session-leases';
import type { SandboxOutboxItem } from '../../shared/src/schemas/sandbox';
import { Client, PASSWORD } from './api';

export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000, every = 150): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Waits until the session host runs the connection: it shows a QR (or is paired) under its lease. */
export async function hostHolds(admin: Client, whatsappId: number): Promise<{ status: string; qrcode: string }> {
  return until('the session host to show the QR', async () => {
    const c = (await admin.call('GET', `/whatsapp/${whatsappId}`)).body;
    return (c.status === 'qrcode' || c.status === 'CONNECTED') && c;
  });
}

/**
 * After `DELETE /whatsappsession/{id}` of a session the host ran (see hostHolds): waits until the host
 * has let it go. Its last report lands before it releases the lease, so nothing of that run lands
 * after this returns, and no host takes a connection whose desired state is stop.
 */
export async function hostReleased(companyId: number, whatsappId: number): Promise<void> {
  await until('the session host to release the session', async () => {
    const lease = await getLease(companyId, whatsappId);
    return !lease || lease.expiresAt === 0;
  });
}

/**
 * Waits for the session host to show the sandbox QR, confirms the QR it shows (again, like a person
 * would, when it was replaced before the scan: ERR_SANDBOX_QR_EXPIRED), and waits for CONNECTED.
 */
export async function pairSandbox(admin: Client, whatsappId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const shown = await hostHolds(admin, whatsappId);
    if (shown.status === 'CONNECTED') return;
    const scan = await admin.call('POST', `/sandbox/${whatsappId}/scan`, { body: { qrcode: shown.qrcode } });
    if (scan.status === 202) break;
    if (scan.body?.error !== 'ERR_SANDBOX_QR_EXPIRED' || attempt >= 3) throw new Error(`scan failed: ${JSON.stringify(scan.body)}`);
  }
  await until('CONNECTED', async () => (await admin.call('GET', `/whatsapp/${whatsappId}`)).body.status === 'CONNECTED');
}

/** Every message the sandbox phone of connection `whatsappId` has received, oldest first (the API pages back from the newest). */
export async function sandboxOutbox(admin: Client, whatsappId: number): Promise<SandboxOutboxItem[]> {
  const items: SandboxOutboxItem[] = [];
  let cursor: string | undefined;
  do {
    const page = (await admin.call('GET', `/sandbox/${whatsappId}/outbox?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
    items.unshift(...page.items);
    cursor = page.hasMore ? page.cursor : undefined;
  } while (cursor);
  return items;
}

/** A company on the ultimate plan on the stack at `url` (a test's own stack), its admin signed in. */
export async function companyOn(url: string, prefix = 'campanha'): Promise<{ admin: Client; email: string; companyId: number }> {
  const anon = new Client('pt', url);
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const plans = (await anon.call('GET', '/plans/list')).body;
  const signup = await anon.call('POST', '/auth/signup', { body: { companyName: 'Campanhas', name: 'Admin Campanhas', email, password: PASSWORD, phone: '', planId: plans.find((p: { name: string }) => p.name === 'ultimate').id } });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const admin = new Client('pt', url);
  await admin.login(email);
  return { admin, email, companyId: signup.body.companyId };
}

/** A company with a paired sandbox connection on the stack at `url`. */
export async function companyWithSandbox(url: string, prefix = 'campanha'): Promise<{ admin: Client; email: string; companyId: number; wid: number }> {
  const { admin, email, companyId } = await companyOn(url, prefix);
  const wid = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox', channel: 'sandbox' } })).body.id as number;
  await pairSandbox(admin, wid);
  return { admin, email, companyId, wid };
}
