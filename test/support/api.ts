/** A small HTTP client for the system tests: JSON in and out, cookies kept per client. */
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';

export const baseUrl = (): string => inject('baseUrl');
export const PASSWORD = 'Conversa123';

export type Res<T = any> = { status: number; body: T; headers: Headers };

/**
 * One user, one session: a login ends the user's other sessions (spec 1 §4). A test's API client
 * and its browser often stand for the same person, the client signed in first; once a page signs
 * that user in (browser.ts loginAs), the client's session is over, so a call the server refuses
 * with ERR_SESSION_ENDED is made once more with the session that page holds. The latest login of a
 * user wins: a client's own login forgets the page. Clients with no login of their own (a token
 * passed to one call) never follow anyone.
 */
const pageSessions = new Map<string, () => Promise<string | undefined>>();
export const followPage = (email: string, token: () => Promise<string | undefined>): void => void pageSessions.set(email.toLowerCase(), token);

export class Client {
  token?: string;
  /** Whom this client signed in as. */
  email?: string;
  cookies = new Map<string, string>();
  constructor(
    readonly lang = 'pt',
    /** Another stack than the shared one (tests that start their own). */
    readonly base?: string,
  ) {}

  async call<T = any>(method: string, path: string, opts: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> } = {}): Promise<Res<T>> {
    const res = await this.send<T>(method, path, opts);
    const page = this.email && opts.token === undefined ? pageSessions.get(this.email) : undefined;
    if (!page || res.status !== 401 || (res.body as { error?: string })?.error !== 'ERR_SESSION_ENDED') return res;
    const token = await page();
    if (!token || token === this.token) return res;
    this.token = token;
    return this.send<T>(method, path, opts);
  }

  private async send<T>(method: string, path: string, opts: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> }): Promise<Res<T>> {
    const headers: Record<string, string> = { 'accept-language': this.lang, ...opts.headers };
    const token = opts.token === null ? undefined : (opts.token ?? this.token);
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${this.base ?? baseUrl()}/api${path}`, { method, headers, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async login(email: string, password = PASSWORD): Promise<Res> {
    const res = await this.call('POST', '/auth/login', { body: { email, password } });
    if (res.status === 200) {
      this.token = res.body.token;
      this.email = email.toLowerCase();
      pageSessions.delete(this.email);
    }
    return res;
  }
}

export async function signedIn(email: string, password = PASSWORD): Promise<Client> {
  const c = new Client();
  const res = await c.login(email, password);
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
}

export const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Signs up a fresh company (its own tenant) and answers its admin, signed in. */
export async function newCompany(planName = 'ultimate'): Promise<{ admin: Client; companyId: number; email: string; name: string }> {
  const anon = new Client();
  const plans = await anon.call('GET', '/plans/list');
  const plan = plans.body.find((p: { name: string }) => p.name === planName);
  const name = unique('Empresa');
  const email = `${unique('admin')}@example.test`;
  const res = await anon.call('POST', '/auth/signup', { body: { companyName: name, name: 'Admin Teste', email, password: PASSWORD, phone: '11999990000', planId: plan.id } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { admin: await signedIn(email), companyId: res.body.companyId, email, name };
}
