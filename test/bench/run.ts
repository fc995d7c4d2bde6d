/**
 * `npm run bench`: starts a local stack in memory and prints, per API operation, latency
 * percentiles, sequential throughput and DynamoDB capacity units per call; then the web
 * bundle sizes (gzip). Figures only — nothing here asserts timings.
 */
import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

process.env.DDB_CAPACITY_METER = '1';
process.env.LOGIN_MAX_PER_IP = '1000000';
// The functions log at INFO as on AWS; their lines are counted (the pipeline's cost line), not printed.
process.env.LOG_LEVEL = 'info';
const { meterLogs } = await import('./log-meter');
const logCounts = meterLogs();
// `pairings`: the host rotates the sandbox QR at every poll, so scans meet rotations.
if (process.argv[2] === 'pairings') process.env.SANDBOX_QR_TTL_MS ??= '500';

if (process.argv[2] === 'functions') {
  // `npx tsx test/bench/run.ts functions`: every Lambda's bundle size, no stack needed.
  const { benchFunctionSizes } = await import('./functions');
  for (const line of await benchFunctionSizes()) console.log(line);
  process.exit(0);
}

const { startStack } = await import('../../infra/local/stack');
const { takeUnits } = await import('../../functions/src/adapters/db/capacity');

type Row = { op: string; n: number; p50: number; p95: number; p99: number; rps: number; rcu: number; wcu: number };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(op: string, n: number, fn: (i: number) => Promise<Response>): Promise<Row> {
  await fn(-1); // warm the handler and the caches
  takeUnits();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fn(i);
    if (res.status >= 400) throw new Error(`${op}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  const total = performance.now() - start;
  const units = takeUnits();
  times.sort((a, b) => a - b);
  return { op, n, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: (n / total) * 1000, rcu: units.read / n, wcu: units.write / n };
}

// longRun: DynamoDB Local as `npm start` runs it (the full JIT), since the figures are those of a warm stack.
const stack = await startStack({ port: 0, seed: true, tickMs: 3_600_000, log: false, handleSignals: false, sessionHost: true, longRun: true });
const api = `${stack.url}/api`;
const json = { 'content-type': 'application/json' };
const login = await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'admin@demo.local', password: 'Conversa123' }) })).json() as { token: string };
const auth = { ...json, authorization: `Bearer ${login.token}` };
if (process.argv[2] === 'tickets') {
  // `npx tsx test/bench/run.ts tickets`: the tickets list bench alone.
  const { benchTickets } = await import('./tickets');
  for (const line of await benchTickets(stack.url, takeUnits, undefined, (ms) => stack.streams.drained(ms), stack.streams, stack.ttl)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'pipeline') {
  // `npx tsx test/bench/run.ts pipeline`: the inbound pipeline bench alone.
  const { benchPipeline } = await import('./pipeline');
  const { sqsRequestCounts } = await import('../../infra/local/sqs-json');
  const sqs = () => ({ requests: sqsRequestCounts, polled: stack.queues.polled });
  for (const line of await benchPipeline(stack.url, takeUnits, () => stack.streams.drained(120_000), { host: stack.sessionHost.pid(), dynamodb: stack.dynamodbPid }, sqs, logCounts)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'pairings') {
  // `npx tsx test/bench/run.ts pairings [n]`: sandbox pairings through the API, counted.
  const { benchPairings } = await import('./pairings');
  for (const line of await benchPairings(stack.url, Number(process.argv[3] ?? 100))) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'billing') {
  // `npx tsx test/bench/run.ts billing`: the Pix checkout and the payment webhook alone.
  const { benchBilling } = await import('./billing');
  for (const line of await benchBilling(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'schedules') {
  // `npx tsx test/bench/run.ts schedules`: the scheduled messages bench alone.
  const { benchSchedules } = await import('./schedules');
  for (const line of await benchSchedules(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'campaigns') {
  // `npx tsx test/bench/run.ts campaigns`: staging 100,000 recipients and the send path of one.
  const { benchCampaigns } = await import('./campaigns');
  for (const line of await benchCampaigns(stack.url, takeUnits, () => stack.streams.drained(300_000))) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'flows') {
  // `npx tsx test/bench/run.ts flows`: write units per flow step and per menu answer.
  const { benchFlows } = await import('./flows');
  for (const line of await benchFlows(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'kanban') {
  // `npx tsx test/bench/run.ts kanban`: the kanban board's bench alone.
  const { benchKanban } = await import('./kanban');
  for (const line of await benchKanban(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'messages') {
  // `npx tsx test/bench/run.ts messages`: the messages bench alone.
  const { benchMessages } = await import('./messages');
  for (const line of await benchMessages(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

if (process.argv[2] === 'companies') {
  // `npx tsx test/bench/run.ts companies`: the companies bench alone.
  const { benchCompanies } = await import('./companies');
  for (const line of await benchCompanies(stack.url, takeUnits)) console.log(line);
  await stack.stop();
  process.exit(0);
}

const rows: Row[] = [];
rows.push(await measure('POST /auth/login (scrypt)', 30, () => fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'agent@demo.local', password: 'Conversa123' }) })));
rows.push(await measure('GET /auth/me', 300, () => fetch(`${api}/auth/me`, { headers: auth })));
rows.push(await measure('GET /users', 300, () => fetch(`${api}/users`, { headers: auth })));
rows.push(await measure('GET /settings', 300, () => fetch(`${api}/settings`, { headers: auth })));
rows.push(await measure('PUT /settings/{key}', 200, (i) => fetch(`${api}/settings/userRating`, { method: 'PUT', headers: auth, body: JSON.stringify({ value: i % 2 ? 'enabled' : 'disabled' }) })));
rows.push(await measure('POST /users', 20, (i) => fetch(`${api}/users`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Bench ${i}`, email: `bench-${i}-${Date.now()}@example.test`, password: 'Conversa123' }) })));
rows.push(await measure('GET /version (no DB)', 300, () => fetch(`${api}/version`)));

const billingLines = await (await import('./billing')).benchBilling(stack.url, takeUnits);
const { benchPipeline } = await import('./pipeline');
const { sqsRequestCounts } = await import('../../infra/local/sqs-json');
const pipelineLines = await benchPipeline(stack.url, takeUnits, () => stack.streams.drained(120_000), { host: stack.sessionHost.pid(), dynamodb: stack.dynamodbPid }, () => ({ requests: sqsRequestCounts, polled: stack.queues.polled }), logCounts);
const messageLines = await (await import('./messages')).benchMessages(stack.url, takeUnits);
const companyLines = await (await import('./companies')).benchCompanies(stack.url, takeUnits);
const scheduleLines = await (await import('./schedules')).benchSchedules(stack.url, takeUnits);
const kanbanLines = await (await import('./kanban')).benchKanban(stack.url, takeUnits);
const campaignLines = await (await import('./campaigns')).benchCampaigns(stack.url, takeUnits, () => stack.streams.drained(300_000));
const flowLines = await (await import('./flows')).benchFlows(stack.url, takeUnits);
// Last: it seeds 100,000 tickets into the company (about two minutes).
const ticketLines = await (await import('./tickets')).benchTickets(stack.url, takeUnits, undefined, (ms) => stack.streams.drained(ms), stack.streams, stack.ttl);
await stack.stop();

const f = (x: number, d = 1) => x.toFixed(d);
console.log('\nAPI on the local stack (sequential requests, one client; ms; capacity units per call)\n');
console.log(['operation'.padEnd(28), 'n'.padStart(4), 'p50'.padStart(7), 'p95'.padStart(7), 'p99'.padStart(7), 'req/s'.padStart(7), 'RCU'.padStart(6), 'WCU'.padStart(6)].join(' '));
for (const r of rows) console.log([r.op.padEnd(28), String(r.n).padStart(4), f(r.p50).padStart(7), f(r.p95).padStart(7), f(r.p99).padStart(7), f(r.rps, 0).padStart(7), f(r.rcu, 2).padStart(6), f(r.wcu, 2).padStart(6)].join(' '));

for (const line of billingLines) console.log(line);
for (const line of pipelineLines) console.log(line);
for (const line of messageLines) console.log(line);
for (const line of companyLines) console.log(line);
for (const line of scheduleLines) console.log(line);
for (const line of kanbanLines) console.log(line);
for (const line of campaignLines) console.log(line);
for (const line of flowLines) console.log(line);
for (const line of ticketLines) console.log(line);

{
  const { benchFunctionSizes } = await import('./functions');
  for (const line of await benchFunctionSizes()) console.log(line);
}

const dist = path.resolve('web/dist');
if (existsSync(dist)) {
  const assets = path.join(dist, 'assets');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!));
  const files = readdirSync(assets).filter((x) => x.endsWith('.js')).map((name) => {
    const buf = readFileSync(path.join(assets, name));
    return { name, raw: buf.length, gzip: gzipSync(buf).length };
  });
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const sum = (xs: { gzip: number }[]) => xs.reduce((a, b) => a + b.gzip, 0);
  console.log('\nWeb bundle (gzip)\n');
  console.log(`initial JS (index.html scripts + preloads): ${kb(sum(files.filter((x) => initial.has(x.name))))}`);
  console.log(`all JS chunks: ${kb(sum(files))} in ${files.length} files`);
  for (const x of files.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) console.log(`  ${x.name.padEnd(40)} ${kb(x.gzip).padStart(10)}`);
  const { routeSizes } = await import('./bundle');
  for (const line of routeSizes(dist, {
    '/login (target ≤ 150 KB)': ['src/app/routes/auth/login.tsx'],
    '/tickets (target ≤ 350 KB)': ['src/app/layout/main-layout.tsx', 'src/app/routes/app/tickets.tsx'],
    '/dashboard': ['src/app/layout/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
  }))
    console.log(line);
} else {
  console.log('\nWeb bundle: web/dist not built (npm run build -w @conversa/web)');
}
process.exit(0);
