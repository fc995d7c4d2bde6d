/**
 * GET /tickets at 100,000 tickets in one company: a fresh company seeded straight into DynamoDB
 * (seed-tickets.ts, from a process of its own), then pages of the tabs as the screens ask for them. Prints latency
 * percentiles and DynamoDB read units per page (the capacity meter of adapters/db/capacity.ts).
 *
 * The search index: first, INDEX_TICKETS tickets with their messages reach it through the table's
 * stream, as real ones do (timed from the seed's end until the newest ticket's order number is
 * found and the stream is read to its end, with the write units the stream's consumers spent).
 * The 100,000 tickets then get their index blocks written by the seed itself (the indexer through
 * the stream would take most of an hour here, and finds them set when the stream brings the records).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { askChild } from './child-job';
import { seededCustomer, seedInChild, writeAll } from './seed-tickets';

type Units = { read: number; write: number; calls: number };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

/** `settle`: resolves once the table's stream has been read to its end (the local stack's stream pollers), so no indexing runs beside the measured requests. */
/** The local TTL reaper (infra/local/ttl-reaper.ts): the bench times requests while one of its passes runs. */
export type BenchTtl = { pass(opts?: { paced?: boolean }): Promise<number>; passes(): readonly { startedAt: number; endedAt: number; deleted: number; due: number }[] };

/**
 * `reader`: the local stack's stream reader. The pages are timed twice: with the reader polling
 * (as `npm start` runs), then with it paused, since DynamoDB Local serves the stream from the
 * table's own store and AWS does not (to tell the stand-in's own work from the product's; at 100,000 tickets it made no difference).
 */
export async function benchTickets(url: string, takeUnits: () => Units, count = Number(process.env.BENCH_TICKETS ?? 100_000), settle?: (timeoutMs: number) => Promise<void>, reader?: { pause(): Promise<void>; resume(): void }, ttl?: BenchTtl): Promise<string[]> {
  const api = `${url}/api`;
  const json = { 'content-type': 'application/json' };
  const plans = (await (await fetch(`${api}/plans/list`)).json()) as { id: number; name: string }[];
  const email = `bench-tickets-${Date.now()}@example.test`;
  const signup = (await (await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: 'Bench Tickets', name: 'Bench Admin', email, password: 'Conversa123', phone: '11999990000', planId: plans.find((p) => p.name === 'ultimate')!.id }) })).json()) as { companyId: number };
  const signIn = async () => (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Conversa123' }) })).json()) as { token: string; user: { id: number } };
  const { token, user } = await signIn();
  let auth = { ...json, authorization: `Bearer ${token}` };
  // The access token lives 15 minutes and indexing 100,000 tickets takes longer: signed in again before each phase.
  const refresh = async () => {
    auth = { ...json, authorization: `Bearer ${(await signIn()).token}` };
  };
  const conn = (await (await fetch(`${api}/whatsapp`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Bench', channel: 'sandbox' }) })).json()) as { id: number };

  /** Waits until a search for `text` lists a ticket (the index has it). */
  const waitForSearch = async (text: string, timeoutMs: number) => {
    const start = performance.now();
    for (let polls = 0; ; polls++) {
      if (polls % 150 === 149) await refresh();
      const res = await fetch(`${api}/tickets?searchParam=${text}&showAll=true`, { headers: auth });
      const body = (await res.json()) as { tickets?: unknown[] };
      if (res.status !== 200) throw new Error(`waiting for the index: ${res.status} ${JSON.stringify(body)}`);
      if (body.tickets?.length) return;
      if (performance.now() - start > timeoutMs) throw new Error(`the search index did not list ${text} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };
  // Four real queues, so each page's names resolve as in a real company (a queue the tickets name but the company lacks is read, found missing and remembered as such).
  const queues: number[] = [];
  for (const [i, color] of ['#2563eb', '#16a34a', '#d97706', '#9333ea'].entries()) {
    const res = await fetch(`${api}/queue`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Fila ${i + 1}`, color }) });
    if (res.status !== 201) throw new Error(`queue: ${res.status} ${await res.text()}`);
    queues.push(((await res.json()) as { id: number }).id);
  }
  // The indexer through the stream, in a company of its own: its tickets are written with the
  // stream reader paused, then timed from the reader's resumption until the stream is read to its end.
  const INDEX_TICKETS = Number(process.env.BENCH_INDEX_TICKETS ?? 5_000);
  const other = (await (await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: 'Bench Index', name: 'Bench Admin', email: `i-${email}`, password: 'Conversa123', phone: '11999990000', planId: plans.find((p) => p.name === 'ultimate')!.id }) })).json()) as { companyId: number };
  await reader?.pause();
  await seedInChild({ companyId: other.companyId, whatsappId: conn.id, count: INDEX_TICKETS, agents: [user.id], messages: true });
  const i0 = performance.now();
  reader?.resume();
  await settle?.(1_800_000).catch(() => undefined);
  const drained = (performance.now() - i0) / 1000;

  const t0 = performance.now();
  await seedInChild({ companyId: signup.companyId, whatsappId: conn.id, count, agents: [user.id], queues, messages: true, index: true });
  const seedSecs = (performance.now() - t0) / 1000;
  await refresh();
  await waitForSearch(seededCustomer(count).order, 60_000);
  console.error(`tickets bench: the stream's consumers read ${INDEX_TICKETS} new tickets in ${drained.toFixed(0)} s; seeded ${count} with their index in ${seedSecs.toFixed(0)} s; waiting for the stream consumers to settle`);
  // The other consumers (message totals, contact cards), and the indexer finding the blocks set, read the seed's records.
  const settled = await (settle?.(900_000) ?? Promise.resolve()).then(
    () => true,
    () => false,
  );
  const lines = [
    '',
    `The table's stream consumers (search index, message totals, contact cards) on ${INDEX_TICKETS.toLocaleString('en')} new tickets with a customer message each, written while the stream reader was paused: read to the end ${drained.toFixed(0)} s after it resumed (${(INDEX_TICKETS / drained).toFixed(0)} tickets/s)`,
    '',
    `Tickets list at ${count.toLocaleString('en')} tickets in one company (seeded with their index blocks in ${seedSecs.toFixed(0)} s; sequential, one client in a process of its own; page of 20)`,
  ];
  if (!settled) lines.push('(the stream consumers had not settled after 15 minutes more: some may still run beside the timed pages)');
  const header = () => lines.push(['query'.padEnd(46), 'pages'.padStart(5), 'p50'.padStart(7), 'p90'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'RCU/page'.padStart(9), 'calls'.padStart(6)].join(' '));
  // The pages are asked by a client in a process of its own (client.mjs), as a browser would: its
  // allocations and garbage collection stay out of the timed stack's process.
  const client = fork(fileURLToPath(new URL('./client.mjs', import.meta.url)));
  const timed = (job: { url: string; headers: Record<string, string>; query: string; pages: number; walk: boolean }) => askChild<{ times: number[]; listed: number; at: [number, number][] }>(client, job);
  /**
   * `pages` requests of one query: the same first page again, or walks of 100 pages by cursor
   * (starting over from the first page after each 100). A p99 needs a few hundred samples: of 100,
   * it is the slowest one.
   */
  const run = async (label: string, query: string, pages: number, walk: boolean) => {
    await refresh();
    // Warmed by the client itself (its first requests also compile its own fetch and JSON code).
    await timed({ url: api, headers: auth, query, pages: 20, walk });
    takeUnits();
    const { times, listed } = await timed({ url: api, headers: auth, query, pages, walk }).catch((err: Error) => {
      throw new Error(`${label}: ${err.message}`);
    });
    const u = takeUnits();
    const f = (x: number, d = 1) => x.toFixed(d);
    lines.push([label.padEnd(46), String(pages).padStart(5), f(pct(times, 50)).padStart(7), f(pct(times, 90)).padStart(7), f(pct(times, 99)).padStart(7), f(Math.max(...times)).padStart(7), f(u.read / pages, 2).padStart(9), f(u.calls / pages, 1).padStart(6)].join(' ') + `  (${listed} listed)`);
  };
  const PAGES = Number(process.env.BENCH_PAGES ?? 500);
  const some = seededCustomer(Math.floor(count / 2) + 1);
  const q = (text: string) => `searchParam=${encodeURIComponent(text)}&showAll=true`;
  const all = async () => {
  await run('open tab, first page (with counts)', 'status=open&showAll=true&isGroup=false', PAGES, false);
  await run('pending tab, walks of 100 pages by cursor', 'status=pending&showAll=true', PAGES, true);
  await run('closed tab (70k), walks of 100 pages', 'status=closed&showAll=true', PAGES, true);
  await run('group tab (pending groups)', 'status=pending&isGroup=true&showAll=true', PAGES, false);
  await run('open tab, queue filter (1 of 4 queues)', `status=open&showAll=true&queueIds=${queues[1]}`, PAGES, true);
  await run('search: a first name (1 ticket in 40)', q('maria'), PAGES, false);
  await run('search: first and last name (1 in 2,000)', q('maria silva'), PAGES, false);
  await run('search: "pedido" (every ticket), walks of 100', q('pedido'), PAGES, true);
  await run('search: an order number (one ticket)', q(some.order), PAGES, false);
  await run('search: a number without the country code', q(some.number.slice(2)), PAGES, false);
  await run('search: a name prefix and a message word', q('mar entrega'), PAGES, false);
  await run('search: "pedido", pending, one queue', `${q('pedido')}&status=pending&queueIds=${queues[0]}`, PAGES, false);
  await run('search: a word no ticket has', q('xilofone'), PAGES, false);
  };
  /**
   * The TTL reaper beside the requests: TTL_ITEMS expired items of the company (as sessions, rate
   * limits and guards expire) reach its index through the stream; first pages of the open tab are
   * timed, then timed again while one of its passes (paced, as scheduled) deletes them. Prints the
   * slowest request that overlapped the pass, and the slowest of the same requests before it.
   */
  const ttlPassBeside = async (reaper: BenchTtl, companyId: number): Promise<string[]> => {
    const TTL_ITEMS = Number(process.env.BENCH_TTL_ITEMS ?? 1_000);
    const expired = Math.floor(Date.now() / 1000) - 60;
    await writeAll(Array.from({ length: TTL_ITEMS }, (_, i) => ({ PK: `C#${companyId}#BENCHTTL`, SK: String(i).padStart(8, '0'), entity: 'benchTtl', expiresAt: expired })));
    await settle?.(600_000).catch(() => undefined);
    await refresh();
    const job = { url: api, headers: auth, query: 'status=open&showAll=true&isGroup=false', pages: PAGES, walk: false };
    const before = await timed(job);
    const passing = reaper.pass({ paced: true });
    await new Promise((r) => setTimeout(r, 1_000));
    const { times, at } = await timed(job);
    const deleted = await passing;
    const pass = reaper.passes().at(-1)!;
    const during = times.filter((_, i) => at[i]![1] >= pass.startedAt && at[i]![0] <= pass.endedAt);
    const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
    return [
      `TTL reaper beside the requests (${count.toLocaleString('en')} tickets): a paced pass deleted ${deleted.toLocaleString('en')} of ${TTL_ITEMS.toLocaleString('en')} expired items in ${((pass.endedAt - pass.startedAt) / 1000).toFixed(1)} s, by key from its due index (no Scan)`,
      `  open tab, first page: slowest request while the pass ran ${f(Math.max(...during))} ms (${during.length} requests, p50 ${f(pct(during, 50))}); before it ${f(Math.max(...before.times))} ms (${before.times.length} requests, p50 ${f(pct(before.times, 50))})`,
    ];
  };

  lines.push('', 'with the local stream reader polling (as npm start runs it):', '');
  header();
  await all();
  if (reader) {
    await reader.pause();
    lines.push('', 'with the local stream reader paused (DynamoDB Local serves the stream from the table\'s own store; AWS does not):', '');
    header();
    await all();
    reader.resume();
  }
  if (ttl) lines.push('', ...(await ttlPassBeside(ttl, signup.companyId)));
  client.kill();
  lines.push('', 'RCU/page counts every read of the request: the caller (user item), the settings, the index keys (status lists or search entries), the tickets, their contacts and, on the first page of a list (not of a search), the tab counters; calls = DynamoDB requests per page.');
  return lines;
}
