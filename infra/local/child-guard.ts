/**
 * Preloaded (`node --import tsx --import <this file>`) into the local stack's Node children (the
 * session host): the parent holds the other end of a pipe on fd 3; when the parent dies in any way
 * (even SIGKILL) the pipe closes and this process ends itself: SIGTERM first (its own shutdown
 * runs), then exit after a short grace. Without such a pipe (started by hand) it does nothing.
 */
import net from 'node:net';

const FD = 3;
const GRACE_MS = 2000;

if (process.env.CONVERSA_PARENT_PIPE_FD === String(FD)) {
  delete process.env.CONVERSA_PARENT_PIPE_FD;
  try {
    const pipe = new net.Socket({ fd: FD, readable: true, writable: false });
    pipe.unref();
    let ending = false;
    const orphaned = () => {
      if (ending) return;
      ending = true;
      setTimeout(() => process.exit(1), GRACE_MS).unref();
      process.kill(process.pid, 'SIGTERM');
    };
    pipe.on('end', orphaned);
    pipe.on('close', orphaned);
    pipe.on('error', orphaned);
    pipe.resume();
  } catch {
    // no pipe on fd 3: nothing to watch
  }
}
