/** Child process for the lifecycle tests: starts a stack, prints its pids and port as one JSON line, waits. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../stack';

const stack = await startStack({
  port: 0,
  seed: false,
  handlersRoot: path.dirname(fileURLToPath(import.meta.url)),
  routes: [],
  queues: [],
});
process.stdout.write(JSON.stringify({ pid: process.pid, javaPid: stack.dynamodbPid, port: stack.port }) + '\n');
