/**
 * Every Lambda's bundle as AWS gets it (infra/lib/bundle-function.mjs): what a cold start loads
 * and the whole, lazy chunks included; the message path's target is ≤ 300 KB (issue 24).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { QUEUES, TICK } from '../../functions/src/adapters/queue-config';
import { ROUTES } from '../../functions/src/http/routes';
import { STREAM_CONSUMERS } from '../../functions/src/workers/streams';
// @ts-expect-error plain ESM build script without types
import { bundleFunction } from '../../infra/lib/bundle-function.mjs';

const MESSAGE_PATH = new Set(['workers/inbound', 'workers/outbound-graph', 'ws/handler', 'http/messages', 'http/tickets']);

export async function benchFunctionSizes(): Promise<string[]> {
  const modules = [
    ...new Set([
      ...ROUTES.map((r) => `http/${r.group}`),
      ...QUEUES.flatMap((q) => (q.handler ? [q.handler] : [])),
      ...STREAM_CONSUMERS.map((c) => c.handler),
      TICK.handler,
      'ws/handler',
    ]),
  ].sort();
  const out = path.resolve('node_modules/.cache/conversa-bench-bundles');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const lines = ['', 'Lambda bundles (minified; AWS SDK from the runtime; * = message path, target ≤ 300 KB at start)', ''];
  for (const m of modules) {
    const { bytes, total } = (await bundleFunction(path.resolve('functions/src', `${m}.ts`), path.join(out, m))) as { bytes: number; total: number };
    const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`.padStart(8);
    lines.push(`  ${MESSAGE_PATH.has(m) ? '*' : ' '} ${m.padEnd(28)} ${kb(bytes)} at start ${total > bytes ? `${kb(total)} with lazy chunks` : ''}`);
  }
  rmSync(out, { recursive: true, force: true });
  return lines;
}
