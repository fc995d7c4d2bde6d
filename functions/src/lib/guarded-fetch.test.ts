import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { ALLOW_LOOPBACK_ENV, guardedRequest, HttpFailed, isBlockedV4, isBlockedV6, type Resolver } from './guarded-fetch';

let server: http.Server;
let port: number;
let seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      if (path === '/json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Ana', nested: { code: 7 } }));
      if (path === '/to-private') return void res.writeHead(302, { location: 'http://10.0.0.5/admin' }).end();
      if (path === '/to-metadata') return void res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-json') return void res.writeHead(307, { location: '/json' }).end();
      if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (path === '/big') return void res.writeHead(200).end('x'.repeat(4096));
      if (path === '/big-stream') {
        res.writeHead(200);
        res.write('x'.repeat(1000));
        return void setTimeout(() => res.end('y'.repeat(1000)), 20);
      }
      if (path === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 2000);
      res.writeHead(404).end('nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  delete process.env[ALLOW_LOOPBACK_ENV];
  seen = [];
});

const allowServer = () => (process.env[ALLOW_LOOPBACK_ENV] = `1,${port}`);
/** A resolver that answers `to` for every name (a public-looking name pointing wherever the test wants). */
const resolvesTo = (...to: string[]): Resolver => async () => to.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function blocked(p: Promise<unknown>): Promise<void> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('ERR_FLOW_HTTP_BLOCKED');
}

describe('addresses', () => {
  it.each([
    '127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '0.1.2.3',
    '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1',
  ])('IPv4 %s is refused', (ip) => expect(isBlockedV4(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.253.1.1', '192.169.0.1', '11.0.0.1'])('IPv4 %s is public', (ip) => expect(isBlockedV4(ip)).toBe(false));

  it.each([
    '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', '::ffff:169.254.169.254', '::127.0.0.1', 'fd00:ec2::254', 'fc00::1', 'fe80::1', 'fe80::1%eth0',
    'ff02::1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '2002:7f00:1::1', '2001:db8::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '::ffff:0:7f00:1',
  ])('IPv6 %s is refused', (ip) => expect(isBlockedV6(ip)).toBe(true));

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('IPv6 %s is public', (ip) => expect(isBlockedV6(ip)).toBe(false));
});

describe('guardedRequest refuses', () => {
  it.each([
    'http://127.0.0.1/', 'http://localhost/', 'http://10.0.0.8/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/', 'http://[fd00:ec2::254]/', 'http://2130706433/', 'http://0x7f.0.0.1/', 'http://0/', 'http://[::]/',
  ])('%s', (url) => blocked(guardedRequest({ method: 'get', url })));

  it('other schemes and credentials in the URL', async () => {
    await blocked(guardedRequest({ method: 'get', url: 'file:///etc/passwd' }));
    await blocked(guardedRequest({ method: 'get', url: 'ftp://example.com/' }));
    await blocked(guardedRequest({ method: 'get', url: 'gopher://example.com/' }));
    await blocked(guardedRequest({ method: 'get', url: 'not a url' }));
    await blocked(guardedRequest({ method: 'get', url: 'http://user:pw@example.com/', resolve: resolvesTo('93.184.216.34') }));
  });

  it('a hostname that resolves to loopback, or to a public and a private address', async () => {
    await blocked(guardedRequest({ method: 'get', url: 'http://innocent.example/', resolve: resolvesTo('127.0.0.1') }));
    await blocked(guardedRequest({ method: 'get', url: 'http://innocent.example/', resolve: resolvesTo('93.184.216.34', '10.0.0.1') }));
    await blocked(guardedRequest({ method: 'get', url: 'http://innocent.example/', resolve: resolvesTo('::ffff:127.0.0.1') }));
  });

  it('the test servers port on loopback when the env var is unset, or set for other ports', async () => {
    await blocked(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/json` }));
    process.env[ALLOW_LOOPBACK_ENV] = '1,2,3';
    await blocked(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/json` }));
    expect(seen).toEqual([]);
  });

  it('the allowed port on another loopback form (only 127.0.0.1 itself)', async () => {
    allowServer();
    await blocked(guardedRequest({ method: 'get', url: `http://[::1]:${port}/json` }));
    await blocked(guardedRequest({ method: 'get', url: `http://127.0.0.2:${port}/json` }));
  });

  it('a public-looking URL redirecting to a private address or to the metadata service', async () => {
    allowServer();
    await blocked(guardedRequest({ method: 'get', url: `http://api.example:${port}/to-private`, resolve: resolvesTo('127.0.0.1') }));
    await blocked(guardedRequest({ method: 'get', url: `http://api.example:${port}/to-metadata`, resolve: resolvesTo('127.0.0.1') }));
    expect(seen.map((s) => s.url)).toEqual(['/to-private', '/to-metadata']);
  });
});

describe('guardedRequest fetches', () => {
  it('a public (allowed) address: query, headers, JSON body; the answer parsed', async () => {
    allowServer();
    const res = await guardedRequest({ method: 'post', url: `http://127.0.0.1:${port}/json?a=1`, query: { b: 'x y' }, headers: { 'x-token': 't' }, body: '{"k":1}' });
    expect(res).toMatchObject({ status: 200, json: { name: 'Ana', nested: { code: 7 } } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/json?a=1&b=x+y', body: '{"k":1}' });
    expect(seen[0]!.headers).toMatchObject({ 'x-token': 't', 'content-type': 'application/json' });
  });

  it('connects to the address it checked, not to a second DNS answer (a name no real DNS knows)', async () => {
    allowServer();
    const res = await guardedRequest({ method: 'get', url: `http://rebinding.invalid:${port}/json`, resolve: resolvesTo('127.0.0.1') });
    expect(res.status).toBe(200);
    expect(seen[0]!.headers.host).toBe(`rebinding.invalid:${port}`);
  });

  it('follows a redirect it may (307 keeps method and body)', async () => {
    allowServer();
    const res = await guardedRequest({ method: 'put', url: `http://127.0.0.1:${port}/to-json`, body: '{}' });
    expect(res.json).toEqual({ name: 'Ana', nested: { code: 7 } });
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual(['PUT /to-json {}', 'PUT /json {}']);
  });

  it('non-2xx answers come back as they are', async () => {
    allowServer();
    const res = await guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/missing` });
    expect(res).toMatchObject({ status: 404, text: 'nope' });
    expect(res.json).toBeUndefined();
  });
});

describe('guardedRequest fails', () => {
  const failed = async (p: Promise<unknown>, reason: HttpFailed['reason']) => {
    const err = await p.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(HttpFailed);
    expect((err as HttpFailed).reason).toBe(reason);
  };

  it('past the timeout', async () => {
    allowServer();
    const started = Date.now();
    await failed(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/slow`, timeoutMs: 150 }), 'timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('past the size cap (declared, or counted while streaming)', async () => {
    allowServer();
    await failed(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/big`, maxBytes: 1024 }), 'too-large');
    await failed(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/big-stream`, maxBytes: 1500 }), 'too-large');
  });

  it('more than 5 redirects', async () => {
    allowServer();
    await failed(guardedRequest({ method: 'get', url: `http://127.0.0.1:${port}/loop` }), 'redirects');
    expect(seen.length).toBe(6);
  });

  it('a name that does not resolve, or a closed port', async () => {
    await failed(guardedRequest({ method: 'get', url: 'http://nothing.invalid/', resolve: async () => { throw new Error('ENOTFOUND'); } }), 'network');
    process.env[ALLOW_LOOPBACK_ENV] = '9';
    await failed(guardedRequest({ method: 'get', url: 'http://127.0.0.1:9/' }), 'network');
  });
});
