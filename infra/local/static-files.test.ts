import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './static-files';

describe('static files', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("x");'.repeat(200));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(path.join(os.tmpdir(), 'secret.txt'), 'nope');
    const serve = createStaticFiles(dir);
    const missing = createStaticFiles(path.join(dir, 'does-not-exist'));
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname.startsWith('/missing')) return missing(req, res, url.pathname.slice('/missing'.length) || '/');
      serve(req, res, req.url!.split('?')[0]!);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for client routes, with no-cache', async () => {
    for (const p of ['/', '/tickets/12', '/login']) {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('caches hashed assets for long, gzips them when asked, and answers 304 on a matching ETag', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('console.log');
    const raw = await new Promise<{ enc?: string; body: Buffer }>((resolve) =>
      http.get(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ enc: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }),
    );
    expect(raw.enc).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('console.log');
    const again = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for missing files with an extension and never leaves the folder', async () => {
    expect((await fetch(`${base}/nope.png`)).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const escape = await new Promise<number>((resolve) => http.get(`${base}/../secret.txt`, (r) => resolve(r.statusCode!)));
    expect(escape).not.toBe(200);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
  });

  it('explains how to build the web app when webDist is missing', async () => {
    const res = await fetch(`${base}/missing`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build -w @conversa/web');
  });
});
