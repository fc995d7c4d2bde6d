/**
 * The queues with a journal: what was acknowledged survives a SIGKILL of the process, with its
 * state (deletes, dead letters, receive counts, FIFO dedupe); a torn last record is dropped; a
 * restart compacts the journal.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueDef } from '@conversa/functions/adapters/queue-config';
import { REPO_ROOT } from './local-env';
import { LocalQueues } from './queues';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFS: QueueDef[] = [
  { name: 'jobs', fifo: false, visibilityTimeout: 600, maxReceives: 1, batchSize: 10 },
  { name: 'inbound', fifo: true, visibilityTimeout: 600, maxReceives: 5, batchSize: 10 },
];
const dirs: string[] = [];
const tempJournal = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'queues-journal-'));
  dirs.push(dir);
  return path.join(dir, 'queues.journal');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs queue-writer.ts until it has acknowledged `acks` sends, then SIGKILLs it; answers the ids it acknowledged. */
function writeThenKill(journal: string, acks: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testdata', 'queue-writer.ts')], { cwd: REPO_ROOT, env: { ...process.env, QUEUE_JOURNAL: journal }, stdio: ['ignore', 'pipe', 'pipe'] });
  const acked: string[] = [];
  let buf = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) if (l.startsWith('ack ')) acked.push(l.slice(4));
      if (acked.length >= acks && !child.killed) child.kill('SIGKILL');
    });
    child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

describe('journaled queues', () => {
  it('keep every acknowledged message, and the queue state, across a SIGKILL of the process', async () => {
    const journal = tempJournal();
    const acked = await writeThenKill(journal, 300);
    expect(acked.length).toBeGreaterThanOrEqual(300);

    const q = new LocalQueues(DEFS, { journal });
    // Every acknowledged message is there once (a send that was under way at the kill may be too).
    const inbound = q.receive('inbound', { max: 10_000, visibilityTimeout: 600 }).map((m) => m.body);
    const bodies = inbound.filter((b) => b !== 'in-flight');
    expect(new Set(bodies).size).toBe(bodies.length);
    for (const id of acked) expect(bodies).toContain(id);
    expect(bodies.length - acked.length).toBeLessThanOrEqual(1);
    // The message in flight at the kill is visible again, its receive count kept.
    expect(q.stats('inbound').depth).toBe(bodies.length + 1);
    // The deleted message stays deleted, the dead letter stays dead-lettered, the delayed one delayed.
    expect(q.stats('jobs')).toMatchObject({ depth: 1, delayed: 1 });
    expect(q.dlq('jobs')).toMatchObject([{ body: 'poison', receiveCount: 1, sourceQueue: 'jobs' }]);
    // FIFO deduplication still knows what was sent within its window.
    expect(q.send('inbound', 'again', { groupId: 'g3', dedupId: 'd3' }).duplicate).toBe(true);
    expect(q.send('inbound', 'again', { groupId: 'g1', dedupId: 'd-in-flight' }).duplicate).toBe(true);
    await q.close();
  }, 60_000);

  it('brings a message that was in flight back at once, with its receive count', async () => {
    const journal = tempJournal();
    await writeThenKill(journal, 1);
    const q = new LocalQueues(DEFS, { journal });
    const [m] = q.receive('inbound', { max: 1 });
    expect(m).toMatchObject({ body: 'in-flight', receiveCount: 2 });
    await q.close();
  }, 60_000);

  it('drops a torn last record (a kill in the middle of a write) and compacts the journal on start', async () => {
    const journal = tempJournal();
    const a = new LocalQueues(DEFS, { journal });
    for (let i = 0; i < 200; i++) a.send('jobs', `job ${i}`);
    for (const m of a.receive('jobs', { max: 190 })) a.delete('jobs', m.receiptHandle);
    await a.durable();
    const full = statSync(journal).size;
    appendFileSync(journal, '{"t":"s","q":"jobs","m":{"id":"torn","b":"half a rec');

    const b = new LocalQueues(DEFS, { journal });
    expect(b.receive('jobs', { max: 100 }).map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `job ${190 + i}`));
    // Compacted: ten live messages instead of 200 sends, 190 receives and 190 deletes.
    expect(statSync(journal).size).toBeLessThan(full / 10);
    expect(readFileSync(journal, 'utf8')).not.toContain('torn');
    await b.close();
  });

  it('without a journal, keeps nothing', async () => {
    const journal = tempJournal();
    const a = new LocalQueues(DEFS);
    a.send('jobs', 'x');
    await a.close();
    expect(new LocalQueues(DEFS, { journal }).depth('jobs')).toBe(0);
    // Closed queues take no send (it could not be kept): the sender hears so.
    expect(() => a.send('jobs', 'late')).toThrow(/closed/);
  });
});
