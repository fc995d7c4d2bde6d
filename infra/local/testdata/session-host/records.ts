/** Helpers for the tests that run testdata/session-host/fake-host.ts. */
import { existsSync, readFileSync } from 'node:fs';
import { pidAlive } from '../../process-guard';

export type HostRecord = { event: string; hostId: string; pid: number; body?: string; receiveCount?: number; env?: Record<string, string | undefined> };

/** What the fake host wrote to its FAKE_HOST_OUT file so far. */
export function hostRecords(file: string): HostRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HostRecord);
}

/** Alive and not a zombie (an orphan's zombie may linger where pid 1 does not reap). */
export function running(pid: number): boolean {
  if (!pidAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
