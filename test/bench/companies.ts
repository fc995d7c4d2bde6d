/**
 * The super admin's companies (issue 20): DynamoDB units of a company create (company, first admin,
 * e-mail item, counters, the plan's company count, the audit entry) and of an edit, then of the
 * companies page (GET /companiesPlan): the first page, a search that matches many companies and a
 * search that matches one (it reads the list with a filter until the page is full or 1,000 entries
 * were read). Figures only.
 */
type Units = { read: number; write: number; calls: number };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

export async function benchCompanies(url: string, takeUnits: () => Units, count = 300): Promise<string[]> {
  const api = `${url}/api`;
  const json = { 'content-type': 'application/json' };
  const login = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@conversa.local', password: 'Conversa123' }) })).json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${login.token}` };
  const run = Date.now().toString(36);
  const rows: string[] = [];
  const row = (op: string, n: number, times: number[], u: Units) =>
    rows.push([op.padEnd(44), String(n).padStart(5), pct(times, 50).toFixed(1).padStart(7), pct(times, 95).toFixed(1).padStart(7), (u.read / n).toFixed(2).padStart(8), (u.write / n).toFixed(2).padStart(8)].join(' '));

  async function measure(op: string, n: number, call: (i: number) => Promise<Response>): Promise<Response[]> {
    takeUnits();
    const times: number[] = [];
    const out: Response[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await call(i);
      if (res.status >= 400) throw new Error(`${op}: ${res.status} ${await res.text()}`);
      out.push(res);
      times.push(performance.now() - t);
    }
    row(op, n, times, takeUnits());
    return out;
  }

  const created = await measure('POST /companies (+ first admin)', count, (i) =>
    fetch(`${api}/companies`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Bench ${run} ${i}${i === count - 1 ? ' raridade' : ''}`, email: `bench-${run}-${i}@example.test`, planId: 2, passwordDefault: 'Conversa123' }) }),
  );
  const ids = await Promise.all(created.map(async (r) => ((await r.json()) as { id: number }).id));
  await measure('PUT /companies/{id} (name)', 50, (i) => fetch(`${api}/companies/${ids[i]}`, { method: 'PUT', headers: auth, body: JSON.stringify({ name: `Bench ${run} ${i} editada` }) }));
  await measure('GET /companiesPlan (first page, 20)', 50, () => fetch(`${api}/companiesPlan?pageNumber=1`, { headers: auth }));
  await measure('GET /companiesPlan?searchParam=<many>', 50, () => fetch(`${api}/companiesPlan?searchParam=${encodeURIComponent(`bench ${run}`)}`, { headers: auth }));
  await measure('GET /companiesPlan?searchParam=<one>', 50, () => fetch(`${api}/companiesPlan?searchParam=raridade`, { headers: auth }));
  return [
    `\nCompanies (super admin): ${count} companies created, then edits and pages (ms; capacity units per call)\n`,
    ['operation'.padEnd(44), 'n'.padStart(5), 'p50'.padStart(7), 'p95'.padStart(7), 'RCU'.padStart(8), 'WCU'.padStart(8)].join(' '),
    ...rows,
  ];
}
