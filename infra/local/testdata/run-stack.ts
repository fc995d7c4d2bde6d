/**
 * Child process for the lifecycle tests: starts a stack (with the fake session host), prints its
 * pids and port as one JSON line, waits.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../stack';

const stack = await startStack({
  port: 0,
  seed: false,
  handlersRoot: path.dirname(fileURLToPath(import.meta.url)),
  routes: [],
  queues: [],
  sessionHost: { entry: path.join(path.dirname(fileURLToPath(import.meta.url)), 'session-host', 'fake-host.ts') },
});
process.stdout.write(JSON.stringify({ pid: process.pid, javaPid: stack.dynamodbPid, hostPid: stack.sessionHost.pid(), port: stack.port }) + '\n');
