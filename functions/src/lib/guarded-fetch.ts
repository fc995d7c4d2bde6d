/**
 * The HTTP client for URLs a tenant typed (the flow's http node and the editor's Testar button,
 * BEHAVIOUR.md "Flows"): it never reaches loopback, private, CGNAT, link-local (cloud metadata),
 * multicast, broadcast or reserved addresses, in IPv4, IPv6, IPv4-mapped, NAT64 or 6to4 form.
 *
 * The host is resolved (every address it has must be public) and the connection goes to the
 * address that was checked — `lookup` hands it to the socket, so a second DNS answer (rebinding)
 * cannot swap it. Redirects are followed by hand, each hop checked the same way (at most 5). One
 * timeout covers everything (DNS, connect, every hop, the body); a body past `maxBytes` aborts.
 *
 * Refusal throws AppError('ERR_FLOW_HTTP_BLOCKED'); a timeout, an oversized answer or a network
 * failure throws HttpFailed (the http node follows `error`; Testar answers ERR_FLOW_HTTP_FAILED).
 *
 * Tests of the local stack call fake servers on 127.0.0.1: CONVERSA_HTTP_ALLOW_LOOPBACK_PORTS
 * (comma-separated ports), read at each call, lets exactly 127.0.0.1 on those ports through. It is
 * set by test/support/global-setup.ts only; infra/test asserts no deployed function has it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { FLOW_LIMITS } from '@conversa/shared/schemas/flows';
import { AppError } from './app-error';

export const ALLOW_LOOPBACK_ENV = 'CONVERSA_HTTP_ALLOW_LOOPBACK_PORTS';
const MAX_REDIRECTS = 5;

export type Address = { address: string; family: 4 | 6 };
export type Resolver = (host: string) => Promise<Address[]>;

export type GuardedRequest = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** DNS (tests inject one); default: the system resolver, every address. */
  resolve?: Resolver;
};

export type GuardedResponse = { status: number; headers: Record<string, string>; text: string; json?: unknown };

export class HttpFailed extends Error {
  constructor(readonly reason: 'timeout' | 'too-large' | 'network' | 'redirects') {
    super(`http request failed: ${reason}`);
    this.name = 'HttpFailed';
  }
}

const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

// --- addresses ---

const v4Number = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const v4Cidr = (cidr: string): [number, number] => {
  const [base, bits] = cidr.split('/');
  return [v4Number(base!), Number(bits)];
};

/** IPv4 ranges no tenant URL may reach (RFC 6890 special-purpose blocks). */
const BLOCKED_V4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24',
  '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map(v4Cidr);

const inV4 = (n: number, [base, bits]: [number, number]): boolean => bits === 0 || Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

export function isBlockedV4(ip: string): boolean {
  const n = v4Number(ip);
  return BLOCKED_V4.some((c) => inV4(n, c));
}

/** An IPv6 address as eight 16-bit groups (an embedded dotted quad read as two). */
export function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (quad) {
    const n = v4Number(quad[1]!);
    s = `${s.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g || '0', 16));
}

const v4Of = (hi: number, lo: number): string => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

export function isBlockedV6(ip: string): boolean {
  const g = v6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped, also written ::ffff:7f00:1): the IPv4 decides.
  if (zeros(0, 5) && g[5] === 0xffff) return isBlockedV4(v4Of(g[6]!, g[7]!));
  // NAT64 (64:ff9b::/96, 64:ff9b:1::/48): the IPv4 it translates to.
  if ((g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) || (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1)) return isBlockedV4(v4Of(g[6]!, g[7]!));
  // 6to4 (2002::/16): the IPv4 in bits 16–48.
  if (g[0] === 0x2002) return isBlockedV4(v4Of(g[1]!, g[2]!));
  // Only global unicast (2000::/3): this leaves out ::, ::1, IPv4-compatible ::/96, ULA fc00::/7 (fd00:ec2::254), link-local fe80::/10, multicast ff00::/8.
  if ((g[0]! & 0xe000) !== 0x2000) return true;
  // Teredo 2001::/32 (hides an IPv4), ORCHID 2001:10::/28, documentation 2001:db8::/32.
  return (g[0] === 0x2001 && (g[1] === 0 || (g[1]! & 0xfff0) === 0x10 || g[1] === 0xdb8));
}

function loopbackAllowed(ip: string, port: number): boolean {
  const ports = (process.env[ALLOW_LOOPBACK_ENV] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  return ip === '127.0.0.1' && ports.includes(String(port));
}

/** The one address the request connects to: every address the host has must be public. */
async function checkedAddress(url: URL, resolve: Resolver): Promise<Address> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('ERR_FLOW_HTTP_BLOCKED');
  if (url.username || url.password) throw new AppError('ERR_FLOW_HTTP_BLOCKED');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const literal = isIP(host);
  let addresses: Address[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new HttpFailed('network');
    }
  }
  if (!addresses.length) throw new HttpFailed('network');
  for (const a of addresses) {
    const blocked = a.family === 6 ? isBlockedV6(a.address) : isBlockedV4(a.address);
    if (blocked && !loopbackAllowed(a.address, port)) throw new AppError('ERR_FLOW_HTTP_BLOCKED');
  }
  return addresses[0]!;
}

// --- the request ---

type Hop = { method: string; url: URL; headers: Record<string, string>; body?: string };

function once(hop: Hop, to: Address, signal: AbortSignal, maxBytes: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: Address[]) => void)(null, [to]);
    else cb(null, to.address, to.family);
  };
  const client = hop.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(hop.url, { method: hop.method.toUpperCase(), headers: hop.headers, lookup, signal }, (res) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        return reject(new HttpFailed('too-large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new HttpFailed('too-large'));
        } else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', () => reject(new HttpFailed(signal.aborted ? 'timeout' : 'network')));
    });
    req.on('error', () => reject(new HttpFailed(signal.aborted ? 'timeout' : 'network')));
    if (hop.body !== undefined && hop.body !== '') req.write(hop.body);
    req.end();
  });
}

const flatHeaders = (h: http.IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(h).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));

function parseJson(text: string, contentType: string): unknown {
  const t = text.trim();
  if (!contentType.includes('json') && !t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/** One request to a tenant's URL, guarded (see the top of this file). */
export async function guardedRequest(r: GuardedRequest): Promise<GuardedResponse> {
  const timeoutMs = r.timeoutMs ?? FLOW_LIMITS.httpTimeoutMs;
  const maxBytes = r.maxBytes ?? FLOW_LIMITS.httpResponseMaxBytes;
  const resolve = r.resolve ?? systemResolver;
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    throw new AppError('ERR_FLOW_HTTP_BLOCKED');
  }
  for (const [k, v] of Object.entries(r.query ?? {})) url.searchParams.append(k, v);
  const headers: Record<string, string> = { 'user-agent': 'Conversa-Flow/1.0', ...r.headers };
  if (r.body && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  let hop: Hop = { method: r.method, url, headers, body: r.body };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new HttpFailed('timeout')), { once: true }));
  timedOut.catch(() => undefined);
  try {
    for (let hops = 0; ; hops++) {
      const to = await Promise.race([checkedAddress(hop.url, resolve), timedOut]);
      const res = await Promise.race([once(hop, to, controller.signal, maxBytes), timedOut]);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        if (hops >= MAX_REDIRECTS) throw new HttpFailed('redirects');
        let next: URL;
        try {
          next = new URL(location, hop.url);
        } catch {
          throw new HttpFailed('network');
        }
        const keepsBody = res.status === 307 || res.status === 308;
        const sameOrigin = next.origin === hop.url.origin;
        const nextHeaders = Object.fromEntries(Object.entries(hop.headers).filter(([k]) => (sameOrigin || !['authorization', 'cookie'].includes(k.toLowerCase())) && (keepsBody || k.toLowerCase() !== 'content-type')));
        hop = { method: keepsBody ? hop.method : 'get', url: next, headers: nextHeaders, body: keepsBody ? hop.body : undefined };
        continue;
      }
      const text = res.body.toString('utf8');
      const headersOut = flatHeaders(res.headers);
      const json = parseJson(text, headersOut['content-type'] ?? '');
      return { status: res.status, headers: headersOut, text, ...(json !== undefined ? { json } : {}) };
    }
  } finally {
    clearTimeout(timer);
  }
}
