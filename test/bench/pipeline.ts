/**
 * The inbound pipeline on the local stack, through its session host: sandbox inject → phone
 * queue → host → inbound FIFO queue → worker → WebSocket event at a connected admin.
 * Prints throughput, inject-to-event latency at two paced rates with the CPU each process spends
 * per message, and DynamoDB write units per inbound message (first message of a new contact vs. a
 * message on an existing ticket).
 */
import { costLines } from './cost';
import { QUEUES } from '../../functions/src/adapters/queue-config';
import { putOnPhone } from '../../functions/src/domain/connections/sandbox';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import WebSocket from 'ws';
import { pauseMeter, takeOps } from '../../functions/src/adapters/db/capacity';
import { frameEvents } from '@conversa/shared/realtime';

type Units = { read: number; write: number; calls: number; stream?: { read: number; write: number; calls: number } };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

type Cpu = { main: number; host: number; dynamodb: number };
/** CPU milliseconds so far of this process and of the others named (Linux /proc; 0 elsewhere). */
function cpuNow(pids: { host?: number; dynamodb?: number }): Cpu {
  const of = (pid: number | undefined) => {
    if (!pid) return 0;
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // clock ticks of 1/100 s
    } catch {
      return 0;
    }
  };
  const u = process.cpuUsage();
  return { main: (u.user + u.system) / 1000, host: of(pids.host), dynamodb: of(pids.dynamodb) };
}

/**
 * `settle`: waits until the table's stream consumers have handled what was written (their units
 * count apart); `pids`: the session host's and DynamoDB Local's, for their CPU per message.
 */
/** SQS requests so far: the other processes' by action and queue (the host's sends), and the batches the local pollers handed to each queue's worker. */
export type SqsCounts = () => { requests: ReadonlyMap<string, number>; polled: ReadonlyMap<string, { batches: number; messages: number }> };

/** Log bytes so far per function (log-meter.ts). */
export type LogCounts = () => ReadonlyMap<string, number>;

/** Bytes logged between two readings, leaving out the HTTP functions (the bench's own inject calls, not the pipeline's work). */
function logDelta(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): { total: number; by: [string, number][] } {
  const by = [...b].map(([fn, n]) => [fn, n - (a.get(fn) ?? 0)] as [string, number]).filter(([fn, n]) => n > 0 && !fn.startsWith('conversa-http-'));
  return { total: by.reduce((x, [, n]) => x + n, 0), by };
}

export async function benchPipeline(url: string, takeUnits: () => Units, settle: () => Promise<void> = async () => undefined, pids: { host?: number; dynamodb?: number } = {}, sqs?: SqsCounts, logs?: LogCounts): Promise<string[]> {
  // The stack process's peak resident memory (it runs the inbound worker with every other handler): sampled all along.
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const api = `${url}/api`;
  const json = { 'content-type': 'application/json' };
  const plans = (await (await fetch(`${api}/plans/list`)).json()) as { id: number; name: string }[];
  const email = `bench-${Date.now()}@example.test`;
  const signup = (await (await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: 'Bench', name: 'Bench Admin', email, password: 'Conversa123', planId: plans.find((p) => p.name === 'ultimate')!.id }) })).json()) as { companyId: number };
  const { token } = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Conversa123' }) })).json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown) => (await fetch(`${api}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) })).json() as Promise<any>;

  const conn = await call('POST', '/whatsapp', { name: 'Bench', channel: 'sandbox' });
  const wait = async (pred: () => Promise<boolean>, ms: number) => {
    const end = Date.now() + ms;
    while (!(await pred())) {
      if (Date.now() > end) throw new Error('bench: timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await wait(async () => (await call('GET', `/whatsapp/${conn.id}`)).status === 'qrcode', 30_000);
  await call('POST', `/sandbox/${conn.id}/scan`);
  await wait(async () => (await call('GET', `/whatsapp/${conn.id}`)).status === 'CONNECTED', 30_000);

  const seen = new Map<string, number>();
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${token}`);
  await new Promise((r) => ws.once('open', r));
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw));
    for (const e of frameEvents(frame) as any[]) if (e.channel === `company-${signup.companyId}-appMessage` && e.data?.action === 'create') seen.set(e.data.message.body, performance.now());
  });
  const play = (from: string, body: string) => call('POST', `/sandbox/${conn.id}/inbound`, { from, name: `Cliente ${from.slice(-3)}`, body });
  // For the counted phases the phone's message goes on its queue directly (what POST
  // /sandbox/{id}/inbound does after its checks): the units are then the pipeline's alone.
  const phone = (from: string, body: string) => putOnPhone(signup.companyId, conn.id, { from, name: `Cliente ${from.slice(-3)}`, body });
  const until = (n: number, ms = 120_000) => wait(async () => seen.size >= n, ms);

  // The host's send requests to the inbound queue and the worker's batches, so far.
  const sqsNow = () => {
    const c = sqs?.();
    return { sends: (c?.requests.get('SendMessage inbound') ?? 0) + (c?.requests.get('SendMessageBatch inbound') ?? 0), batches: c?.polled.get('inbound')?.batches ?? 0 };
  };
  // The meter off while timing (its ReturnConsumedCapacity and bookkeeping are not the product's work).
  pauseMeter(true);
  // Throughput first (it also warms the stack, as a running one is): 1,000 messages from 50 contacts, 10 in flight.
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (next < 1000) {
      const i = next++;
      await play(`55119820${String(i % 50).padStart(5, '0')}`, `burst ${i}`);
    }
  }));
  await until(1000, 300_000);
  const secs = (performance.now() - t0) / 1000;
  await settle(); // the stream consumers' share of the burst done: the paced run starts from a steady stack

  // Latency at a paced rate, 50 contacts, with the CPU each process spent per message: half the
  // target's rate for 10 s, then the target's 50 msg/s for 20 s (1,000 messages: p99 is the 10th slowest).
  const paced = async (rate: number, tag: string, seconds: number) => {
    const n = rate * seconds;
    const before = seen.size;
    const sentAt = new Map<string, number>();
    const cpu0 = cpuNow(pids);
    const sqs0 = sqsNow();
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const due = start + (i * 1000) / rate;
      const now = performance.now();
      if (due > now) await new Promise((r) => setTimeout(r, due - now));
      const body = `${tag} ${i}`;
      sentAt.set(body, performance.now());
      void play(`55119810${String(i % 50).padStart(5, '0')}`, body);
    }
    await until(before + n);
    const sqs1 = sqsNow();
    await settle();
    const cpu = cpuNow(pids);
    const lat = [...sentAt].map(([b, t]) => seen.get(b)! - t);
    const per = (k: keyof Cpu) => (cpu[k] - cpu0[k]) / n;
    return { rate, n, lat, cpu: { main: per('main'), host: per('host'), dynamodb: per('dynamodb') }, sqs: { sends: (sqs1.sends - sqs0.sends) / n, batches: (sqs1.batches - sqs0.batches) / n } };
  };
  const half = await paced(25, 'half', 10);
  const full = await paced(50, 'paced', 20);

  pauseMeter(false);
  // Write units: first messages of 20 new contacts, then 100 on existing tickets.
  takeUnits();
  takeOps();
  const logs0 = logs?.() ?? new Map<string, number>();
  const base = seen.size;
  for (let i = 0; i < 20; i++) await phone(`55119800${String(i).padStart(5, '0')}`, `new ${i}`);
  await until(base + 20);
  await settle();
  const fresh = takeUnits();
  const freshOps = takeOps();
  const logs1 = logs?.() ?? new Map<string, number>();
  for (let i = 0; i < 100; i++) await phone(`55119800${String(i % 20).padStart(5, '0')}`, `existing ${i}`);
  await until(base + 120);
  await settle();
  const existing = takeUnits();
  const logs2 = logs?.() ?? new Map<string, number>();
  const freshLogs = logDelta(logs0, logs1);
  const existingLogs = logDelta(logs1, logs2);
  const logBytesPerMessage = 0.1 * (freshLogs.total / 20) + 0.9 * (existingLogs.total / 100);
  if (process.env.BENCH_OPS === '1') {
    const print = (title: string, ops: ReturnType<typeof takeOps>, n: number) => {
      console.log(`DynamoDB calls and units per message, ${title}:`);
      for (const [op, o] of ops) console.log(`  ${(o.n / n).toFixed(2).padStart(6)} calls ${(o.write / n).toFixed(2).padStart(6)} WCU ${(o.read / n).toFixed(2).padStart(6)} RCU  ${op}`);
    };
    print('new contact + ticket (20)', freshOps, 20);
    print('existing ticket (100)', takeOps(), 100);
  }

  ws.close();
  clearInterval(sampler);
  const inbound = QUEUES.find((q) => q.name === 'inbound')!;

  const f = (x: number, d = 1) => x.toFixed(d);
  return [
    '',
    'Inbound pipeline (sandbox inject → session host → inbound queue → worker → WebSocket event)',
    '',
    `throughput: 1,000 messages from 50 contacts in ${f(secs)} s = ${f(1000 / secs, 0)} msg/s (10 injects in flight)`,
    ...[half, full].map((r) => `latency at ${r.rate} msg/s (${r.n} messages): p50 ${f(pct(r.lat, 50))} ms, p95 ${f(pct(r.lat, 95))} ms, p99 ${f(pct(r.lat, 99))} ms`),
    ...[half, full].map((r) => `  CPU per message at ${r.rate} msg/s (stream consumers included): stack process ${f(r.cpu.main)} ms (with this bench's own client), session host ${f(r.cpu.host)} ms, DynamoDB Local ${f(r.cpu.dynamodb)} ms = ${f(r.cpu.main + r.cpu.host + r.cpu.dynamodb)} ms on ${cpus().length} cores`),
    `DynamoDB writes per inbound message: new contact + ticket ${f(fresh.write / 20, 2)} WCU, existing ticket ${f(existing.write / 100, 2)} WCU (the request and message paths)`,
    `  plus, off those paths, the table's stream consumers (message totals, search index): new ${f((fresh.stream?.write ?? 0) / 20, 2)} WCU, existing ${f((existing.stream?.write ?? 0) / 100, 2)} WCU per message`,
    `DynamoDB reads per inbound message (the pipeline and its fan-out): new ${f(fresh.read / 20, 2)} RCU, existing ${f(existing.read / 100, 2)} RCU`,
    `SQS at ${full.rate} msg/s: the host's send requests ${f(full.sqs.sends, 2)} per message, the worker's batches ${f(full.sqs.batches, 2)} per message (${f(1 / full.sqs.batches, 1)} messages a batch)`,
    `  on AWS each batch is one ReceiveMessage, one DeleteMessageBatch and one invocation (empty long polls are per poller and minute, not per message): ${f(full.sqs.sends + 2 * full.sqs.batches, 2)} requests per message`,
    ...(logs
      ? [
          `log bytes per message at the functions' INFO level: new contact + ticket ${f(freshLogs.total / 20, 0)}, existing ticket ${f(existingLogs.total / 100, 0)} (${[...new Set([...freshLogs.by, ...existingLogs.by].map(([fn]) => fn))].join(', ') || 'no function logged'})`,
        ]
      : ['log bytes per message: not metered here (assumed 600)']),
    `memory: the stack process peaked at ${f(peakRss / 2 ** 20, 0)} MB resident (every handler, the gateways, the stream consumers and this bench's client: an upper bound for the inbound worker); its Lambda has ${inbound.memoryMb ?? 512} MB`,
    ...costLines({
      fresh: { wcu: fresh.write / 20, rcu: fresh.read / 20, streamWcu: (fresh.stream?.write ?? 0) / 20, streamRcu: (fresh.stream?.read ?? 0) / 20 },
      existing: { wcu: existing.write / 100, rcu: existing.read / 100, streamWcu: (existing.stream?.write ?? 0) / 100, streamRcu: (existing.stream?.read ?? 0) / 100 },
      newShare: 0.1,
      workerMb: inbound.memoryMb ?? 512,
      // The stack process's CPU per message (it runs the worker, the stream consumers and this bench's client): an upper bound.
      workerMsPerMessage: full.cpu.main,
      // Measured at the target rate: the host's batched sends, and per worker batch a receive and a batch delete.
      sqsRequestsPerMessage: full.sqs.sends + 2 * full.sqs.batches,
      invocationsPerMessage: full.sqs.batches,
      logBytesPerMessage: logs ? logBytesPerMessage : 600,
    }),
  ];
}
