import type { ChildProcess } from 'node:child_process';

/**
 * One job for a forked helper of the benches (client.mjs, the seed): sends `job`, resolves with the
 * reply; rejects on an `{ error }` reply or when the helper exits first (a bench never waits forever).
 */
export function askChild<T>(child: ChildProcess, job: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the bench's helper process exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (m: T | { error: string }) => {
      child.off('exit', exited);
      if (m && typeof m === 'object' && 'error' in m) reject(new Error(m.error));
      else resolve(m as T);
    });
    child.send(job as object);
  });
}
