/**
 * A stack in a process of its own, for the tests that SIGTERM or SIGKILL it (durability.test.ts):
 * `npm start`'s stack (persistent data in $STACK_DIR, the session host, signal handling) on
 * $STACK_PORT, SQS seconds × $QUEUE_SECOND_MS, the tick every $TICK_MS (default: an hour, i.e. never in a test). Prints one JSON line once ready: its pid, port and
 * DynamoDB endpoint.
 */
import { startStack } from '../../infra/local/stack';

const stack = await startStack({
  port: Number(process.env.STACK_PORT ?? 0),
  persistDir: process.env.STACK_DIR!,
  seed: true,
  sessionHost: true,
  tickMs: Number(process.env.TICK_MS ?? 3_600_000),
  queueSecondMs: Number(process.env.QUEUE_SECOND_MS ?? 1000),
  log: process.env.STACK_LOG === '1',
});
process.stdout.write(JSON.stringify({ pid: process.pid, port: stack.port, url: stack.url, dynamodb: stack.env.DYNAMODB_ENDPOINT }) + '\n');
