/**
 * Child processes that must never outlive this Node process. Each registered child is killed
 * synchronously (SIGKILL) on process 'exit', which also runs after an uncaught exception and
 * after `process.exit()` in a signal handler.
 */
type Guarded = { name: string; killSync: () => void };

const children = new Set<Guarded>();
let installed = false;

function killAll(): void {
  for (const c of children) {
    try {
      c.killSync();
    } catch {
      // already gone
    }
  }
  children.clear();
}

export function guardChild(name: string, killSync: () => void): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', killAll);
  }
  const entry = { name, killSync };
  children.add(entry);
  return () => {
    children.delete(entry);
  };
}

/** Kills every guarded child now (used by a second Ctrl-C). */
export function killGuardedChildren(): void {
  killAll();
}

/** True while a process with this pid exists (zombies included). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
