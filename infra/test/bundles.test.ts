/**
 * The Lambda bundles as AWS gets them (infra/lib/bundle-function.mjs, issue 24): the message
 * path's start sizes (counted bytes), the spreadsheet library in a lazy chunk, and a bundle that
 * really runs — zod without its locales and converters still parses and answers a bad request.
 * Built under node_modules/.cache so the externals (the AWS SDK the Lambda runtime provides)
 * resolve as they would there.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../lib/paths';
// @ts-expect-error plain ESM build script without types
import { bundleFunction } from '../lib/bundle-function.mjs';

const OUT = join(REPO_ROOT, 'node_modules', '.cache', 'conversa-bundles-test');
/** The message path (issue 24): inbound, outbound, ws, messages, tickets. */
const MESSAGE_PATH = ['workers/inbound', 'workers/outbound-graph', 'ws/handler', 'http/messages', 'http/tickets'];
const sizes = new Map<string, { bytes: number; total: number }>();

describe('Lambda bundles', () => {
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    for (const m of [...MESSAGE_PATH, 'http/contacts', 'http/webhooks']) {
      const { bytes, total } = (await bundleFunction(join(REPO_ROOT, 'functions', 'src', `${m}.ts`), join(OUT, m))) as { bytes: number; total: number };
      sizes.set(m, { bytes, total });
    }
    console.log([...sizes].map(([m, s]) => `${m.padEnd(24)} ${(s.bytes / 1024).toFixed(0).padStart(5)} KB at start, ${(s.total / 1024).toFixed(0).padStart(5)} KB in all`).join('\n'));
  }, 120_000);
  afterAll(() => rmSync(OUT, { recursive: true, force: true }));

  test('the message path loads at most 300 KB, the AWS SDK taken from the runtime', () => {
    for (const m of MESSAGE_PATH) expect(sizes.get(m)!.bytes, m).toBeLessThanOrEqual(300 * 1024);
    for (const m of MESSAGE_PATH) expect(readdirSync(join(OUT, m))).toContain('index.mjs');
  });

  test('the spreadsheet library is a chunk loaded only by an import', () => {
    const contacts = sizes.get('http/contacts')!;
    expect(contacts.bytes).toBeLessThan(400 * 1024);
    expect(contacts.total - contacts.bytes).toBeGreaterThan(700 * 1024);
    expect(readdirSync(join(OUT, 'http/contacts', 'chunks')).some((f) => /^excel-.*\.mjs$/.test(f))).toBe(true);
  });

  test('a bundle runs: the webhooks function answers a verification whose query fails its zod schema 400, a good one with the challenge', () => {
    const script = `
      const { handler } = await import(${JSON.stringify(join(OUT, 'http/webhooks', 'index.mjs'))});
      const ev = (q) => ({ version: '2.0', routeKey: 'GET /webhooks/wppoficial', rawPath: '/webhooks/wppoficial', headers: {}, queryStringParameters: q, requestContext: { http: { method: 'GET', sourceIp: '1.2.3.4' } }, isBase64Encoded: false });
      const bad = await handler(ev({ 'hub.mode': 'x'.repeat(101) }), {});
      const good = await handler(ev({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok-tok-tok', 'hub.challenge': '1158201444' }), {});
      console.log(JSON.stringify({ bad: [bad.statusCode, JSON.parse(bad.body).error], good: [good.statusCode, good.body] }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, META_VERIFY_TOKEN: 'tok-tok-tok', LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as { bad: [number, string]; good: [number, string] };
    expect(result.bad[0]).toBe(400);
    expect(result.bad[1]).toMatch(/^ERR_/);
    expect(result.good).toEqual([200, '1158201444']);
  });

  test('with tracing on, a bundle loads Powertools Tracer (and the X-Ray SDK) from its lazy chunk and answers; off, they are never loaded', () => {
    for (const m of MESSAGE_PATH) expect(readdirSync(join(OUT, m, 'chunks')).some((f) => /^trace-active-.*\.mjs$/.test(f)), m).toBe(true);
    const script = `
      const { handler } = await import(${JSON.stringify(join(OUT, 'http/webhooks', 'index.mjs'))});
      const ev = { version: '2.0', routeKey: 'GET /webhooks/wppoficial', rawPath: '/webhooks/wppoficial', headers: {}, queryStringParameters: { 'hub.mode': 'subscribe', 'hub.verify_token': 'tok-tok-tok', 'hub.challenge': '42' }, requestContext: { http: { method: 'GET', sourceIp: '1.2.3.4' } }, isBase64Encoded: false };
      const res = await handler(ev, { awsRequestId: 'r-1', functionName: 'webhooks' });
      // The X-Ray SDK keeps its context in a cls-hooked namespace, registered on process when loaded.
      const loaded = Boolean(process.namespaces && process.namespaces.AWSXRay);
      console.log(JSON.stringify({ status: res.statusCode, body: res.body, loaded }));`;
    const run = (extra: Record<string, string>) => {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, META_VERIFY_TOKEN: 'tok-tok-tok', LOG_LEVEL: 'silent', ...extra }, encoding: 'utf8' });
      return JSON.parse(out.trim().split('\n').at(-1)!) as { status: number; body: string; loaded: boolean };
    };
    // As the Lambda runtime sets it for an active-tracing function (AWS_XRAY_CONTEXT_MISSING: no daemon here).
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', LAMBDA_TASK_ROOT: '/var/task', _HANDLER: 'index.handler', _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1', AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR', AWS_XRAY_LOG_LEVEL: 'silent' };
    expect(run({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'true' })).toEqual({ status: 200, body: '42', loaded: true });
    expect(run(lambda)).toEqual({ status: 200, body: '42', loaded: false });
  });

  test("a group's bundle runs with only its routes: GET /tickets without a token answers 401 in Portuguese (the lazy error texts load)", () => {
    const script = `
      const { handler } = await import(${JSON.stringify(join(OUT, 'http/tickets', 'index.mjs'))});
      const res = await handler({ version: '2.0', routeKey: 'GET /tickets', rawPath: '/tickets', headers: {}, requestContext: { http: { method: 'GET', sourceIp: '1.2.3.4' } }, isBase64Encoded: false }, {});
      console.log(JSON.stringify([res.statusCode, JSON.parse(res.body)]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    const [status, body] = JSON.parse(out.trim().split('\n').at(-1)!) as [number, { error: string; message: string }];
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'ERR_UNAUTHENTICATED', message: 'Autenticação necessária.' });
  });
});
