/**
 * Sandbox pairings driven through the API as a person would (issue 25): create a connection, wait
 * for its QR, scan the QR shown (every other time without naming it: the server names the current
 * one), wait for CONNECTED, delete it. With a short QR life (SANDBOX_QR_TTL_MS) the host rotates the
 * QR around the scans, the case that once left a recorded scan unpaired. A scan of a QR replaced
 * before it was recorded gets ERR_SANDBOX_QR_EXPIRED and is scanned again; a pairing that does not
 * connect within 20 s after its scan was accepted counts as stuck.
 */
type Outcome = { connected: number; stuck: number; expiredRescans: number; refusedNoQr: number; timeouts: number; ms: number[] };

export async function benchPairings(url: string, n = 100): Promise<string[]> {
  const api = `${url}/api`;
  const json = { 'content-type': 'application/json' };
  const plans = (await (await fetch(`${api}/plans/list`)).json()) as { id: number; name: string }[];
  const email = `pairings-${Date.now()}@example.test`;
  await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: 'Pairings', name: 'Bench Admin', email, password: 'Conversa123', planId: plans.find((p) => p.name === 'ultimate')!.id }) });
  const { token } = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Conversa123' }) })).json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as any) };
  };
  const until = async <T>(fn: () => Promise<T | undefined | false>, ms: number): Promise<T | undefined> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > end) return undefined;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  const qrLife = Number(process.env.SANDBOX_QR_TTL_MS ?? 60_000);
  const out: Outcome = { connected: 0, stuck: 0, expiredRescans: 0, refusedNoQr: 0, timeouts: 0, ms: [] };
  const problems: string[] = [];
  for (let i = 0; i < n; i++) {
    const conn = (await call('POST', '/whatsapp', { name: `Pareamento ${i}`, channel: 'sandbox' })).body as { id: number };
    const t0 = performance.now();
    let accepted = false;
    for (let attempt = 0; attempt < 20 && !accepted; attempt++) {
      const shown = await until(async () => {
        const c = (await call('GET', `/whatsapp/${conn.id}`)).body;
        if (c.status === 'TIMEOUT') {
          // The QRs ran out before a scan was accepted: ask for a new one, as the screen offers.
          out.timeouts++;
          await call('PUT', `/whatsappsession/${conn.id}`);
        }
        return c.status === 'qrcode' && c.qrcode ? (c as { qrcode: string }) : undefined;
      }, 30_000);
      if (!shown) break;
      // A person takes a moment to press the button: up to two QR lives, so scans meet rotations.
      await new Promise((r) => setTimeout(r, Math.random() * 2 * qrLife));
      const scan = await call('POST', `/sandbox/${conn.id}/scan`, i % 2 ? {} : { qrcode: shown.qrcode });
      if (scan.status === 202) accepted = true;
      else if (scan.body?.error === 'ERR_SANDBOX_QR_EXPIRED') out.expiredRescans++;
      else if (scan.body?.error === 'ERR_WAPP_NOT_INITIALIZED') out.refusedNoQr++; // the QRs ran out (TIMEOUT) just before
      else problems.push(`#${i}: scan ${scan.status} ${JSON.stringify(scan.body)}`);
    }
    const connected = accepted && (await until(async () => (await call('GET', `/whatsapp/${conn.id}`)).body.status === 'CONNECTED', 20_000));
    if (connected) {
      out.connected++;
      out.ms.push(performance.now() - t0);
    } else {
      out.stuck++;
      const c = (await call('GET', `/whatsapp/${conn.id}`)).body;
      problems.push(`#${i}: ${accepted ? 'scan accepted' : 'no scan accepted'}, status ${c.status}`);
    }
    await call('DELETE', `/whatsapp/${conn.id}`);
  }
  const sorted = out.ms.sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0) : '-');
  return [
    `\nSandbox pairings through the API (QR life ${qrLife} ms, scans 0-${2 * qrLife} ms after the QR shows)\n`,
    `pairings: ${n}, connected: ${out.connected}, stuck: ${out.stuck}, rescans after ERR_SANDBOX_QR_EXPIRED: ${out.expiredRescans}, new QRs after TIMEOUT: ${out.timeouts} (scans refused with ERR_WAPP_NOT_INITIALIZED meanwhile: ${out.refusedNoQr})`,
    `create → CONNECTED: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
    ...problems.slice(0, 10),
  ];
}
