/**
 * An append-only journal of JSON lines, the local stand-ins' durable state (the queues, the TTL
 * reaper's due index). Every `append` is one write(2) before the caller goes on, so what was
 * appended survives a SIGKILL of this process (it is in the kernel); `sync()` is the fsync an
 * acknowledgement waits for, shared by everything appended meanwhile (group commit), so it also
 * survives a crash of the machine.
 *
 * `openJournal` reads what a previous run left (a torn last line, from a kill in the middle of a
 * write, is dropped) and `rewrite` compacts: the live state goes to a new file, fsynced, then
 * renamed over the journal, so a kill during a compaction leaves the old journal or the new one.
 */
import { closeSync, existsSync, fsync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export type Journal = {
  readonly file: string;
  /** Writes one record (it survives a kill of this process once this returns). */
  append(record: object): void;
  /** Resolves once everything appended before the call is fsynced. */
  sync(): Promise<void>;
  /** Replaces the journal with these records (compaction). */
  rewrite(records: Iterable<object>): void;
  /** Bytes appended since the last rewrite (or the open). */
  grown(): number;
  /** Bytes of the journal right after the last rewrite. */
  base(): number;
  close(): Promise<void>;
};

/** The records of a journal file in order; a torn or unreadable tail line ends the read. */
export function readJournal(file: string): { records: unknown[]; torn: boolean } {
  if (!existsSync(file)) return { records: [], torn: false };
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const records: unknown[] = [];
  // The part after the last '\n' was never finished (a kill mid-write): not a record.
  const last = lines.pop() ?? '';
  let torn = last.length > 0;
  for (const line of lines) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      torn = true;
      break;
    }
  }
  return { records, torn };
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some file systems cannot fsync a directory: the rename is still atomic
  }
}

/** Opens a journal for appending after the caller has read it with readJournal (and usually rewritten it). */
export function openJournal(file: string): Journal {
  mkdirSync(path.dirname(file), { recursive: true });
  let fd = openSync(file, 'a');
  let size = statSync(file).size;
  let baseSize = size;
  let appended = 0;
  let synced = 0;
  let syncing: Promise<void> | undefined;
  let closed = false;

  const fsyncNow = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const upTo = appended;
      fsync(fd, (err) => {
        if (err) return reject(err);
        synced = Math.max(synced, upTo);
        resolve();
      });
    });

  const sync = async (): Promise<void> => {
    const target = appended;
    while (synced < target) {
      // One fsync at a time; the next one covers everything appended while this one ran.
      if (syncing) await syncing.catch(() => undefined);
      else {
        syncing = fsyncNow().finally(() => {
          syncing = undefined;
        });
        await syncing;
      }
    }
  };

  const writeAll = (f: number, buf: Buffer) => {
    let off = 0;
    while (off < buf.length) off += writeSync(f, buf, off);
  };

  return {
    file,
    append(record) {
      if (closed) throw new Error(`journal ${file} is closed`);
      const buf = Buffer.from(JSON.stringify(record) + '\n');
      writeAll(fd, buf);
      size += buf.length;
      appended++;
    },
    sync,
    rewrite(records) {
      if (closed) throw new Error(`journal ${file} is closed`);
      const tmp = `${file}.compact`;
      const out = openSync(tmp, 'w');
      try {
        let chunk: string[] = [];
        const flush = () => {
          if (chunk.length) writeAll(out, Buffer.from(chunk.join('')));
          chunk = [];
        };
        for (const r of records) {
          chunk.push(JSON.stringify(r) + '\n');
          if (chunk.length >= 1000) flush();
        }
        flush();
        fsyncSync(out);
      } finally {
        closeSync(out);
      }
      renameSync(tmp, file);
      fsyncDir(path.dirname(file));
      closeSync(fd);
      fd = openSync(file, 'a');
      size = baseSize = statSync(file).size;
      // Everything appended so far is in the new file, fsynced.
      synced = appended;
    },
    grown: () => size - baseSize,
    base: () => baseSize,
    async close() {
      if (closed) return;
      await sync().catch(() => undefined);
      closed = true;
      closeSync(fd);
    },
  };
}
