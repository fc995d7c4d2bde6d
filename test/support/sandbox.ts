import type { Client } from './api';

export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000, every = 150): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Waits for the session host to show the sandbox QR, confirms it, and waits for CONNECTED. */
export async function pairSandbox(admin: Client, whatsappId: number): Promise<void> {
  await until('the sandbox QR', async () => (await admin.call('GET', `/whatsapp/${whatsappId}`)).body.status === 'qrcode');
  const scan = await admin.call('POST', `/sandbox/${whatsappId}/scan`);
  if (scan.status !== 202) throw new Error(`scan failed: ${JSON.stringify(scan.body)}`);
  await until('CONNECTED', async () => (await admin.call('GET', `/whatsapp/${whatsappId}`)).body.status === 'CONNECTED');
}
