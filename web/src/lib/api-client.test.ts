import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient } from './api-client';
import { ApiError } from './api-error';

type Call = { url: string; method: string; auth: string | null; body: unknown };

/** A fake server: each handler answers one request in order (status, body). */
function setup(handlers: ((c: Call) => [number, unknown])[], token = 'old') {
  const calls: Call[] = [];
  let current: string | null = token;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call: Call = { url, method: String(init.method), auth: headers.Authorization ?? null, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const h = handlers.shift();
    if (!h) throw new Error(`unexpected request ${call.method} ${url}`);
    const [status, body] = h(call);
    await Promise.resolve();
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  const deps = {
    baseUrl: '/api',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => current,
    setToken: vi.fn((t: string) => {
      current = t;
    }),
    onRefreshed: vi.fn(),
    onUnauthorized: vi.fn(() => {
      current = null;
    }),
    onSubscriptionExpired: vi.fn(),
  };
  return { api: createApiClient(deps), deps, calls, fetch };
}

const expired: [number, unknown] = [403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' }];
const session = (token: string) => [200, { token, user: { id: 1, name: 'Ana' } }] as [number, unknown];

describe('api client', () => {
  it('sends the bearer token and JSON, answers the body', async () => {
    const { api, calls } = setup([() => [200, { ok: true }]]);
    await expect(api.put('/settings/userRating', { value: 'enabled' })).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ url: '/api/settings/userRating', method: 'PUT', auth: 'Bearer old', body: { value: 'enabled' } });
  });

  it('on 403 ERR_SESSION_EXPIRED refreshes once, stores the token and retries once', async () => {
    const { api, deps, calls } = setup([() => expired, () => session('new'), () => [200, [{ id: 1 }]]]);
    await expect(api.get('/users/list')).resolves.toEqual([{ id: 1 }]);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toEqual([
      'GET /api/users/list Bearer old',
      'POST /api/auth/refresh_token null',
      'GET /api/users/list Bearer new',
    ]);
    expect(deps.setToken).toHaveBeenCalledWith('new');
    expect(deps.onRefreshed).toHaveBeenCalledWith({ token: 'new', user: { id: 1, name: 'Ana' } });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('concurrent expired calls share one refresh', async () => {
    const { api, calls } = setup([() => expired, () => expired, () => session('new'), () => [200, 'a'], () => [200, 'b']]);
    const [a, b] = await Promise.all([api.get('/a'), api.get('/b')]);
    expect([a, b].sort()).toEqual(['a', 'b']);
    expect(calls.filter((c) => c.url.endsWith('/refresh_token'))).toHaveLength(1);
  });

  it('a refused refresh signs out and does not retry', async () => {
    const { api, deps, calls } = setup([() => expired, () => [401, { error: 'ERR_REFRESH_TOKEN_INVALID', message: 'x' }]]);
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('the retry is not repeated when it expires again', async () => {
    const { api, deps, calls } = setup([() => expired, () => session('new'), () => expired]);
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 clears the session; other 403s are plain errors', async () => {
    const { api, deps } = setup([() => [401, { error: 'ERR_UNAUTHENTICATED', message: 'no' }], () => [403, { error: 'ERR_NO_PERMISSION', message: 'no' }]]);
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.get('/b')).rejects.toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('402 ERR_SUBSCRIPTION_EXPIRED sends to finance', async () => {
    const { api, deps } = setup([() => [402, { error: 'ERR_SUBSCRIPTION_EXPIRED', message: 'pay' }]]);
    await expect(api.get('/users')).rejects.toMatchObject({ status: 402 });
    expect(deps.onSubscriptionExpired).toHaveBeenCalledTimes(1);
  });

  it('auth:false calls carry no token and a 401 there is just an error (wrong password)', async () => {
    const { api, deps, calls } = setup([() => [401, { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' }]]);
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' }, { auth: false })).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    expect(calls[0]?.auth).toBeNull();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps validation issues and maps network failures to status 0', async () => {
    const { api } = setup([() => [400, { error: 'ERR_VALIDATION', message: 'bad', issues: [{ path: 'name', message: 'Too Short!' }] }]]);
    await expect(api.post('/users', {})).rejects.toMatchObject({ code: 'ERR_VALIDATION', issues: [{ path: 'name', message: 'Too Short!' }] });
    const down = createApiClient({
      baseUrl: '/api',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      getToken: () => 't',
      setToken: () => {},
      onUnauthorized: () => {},
      onSubscriptionExpired: () => {},
    });
    await expect(down.get('/x')).rejects.toMatchObject({ status: 0 });
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/', '/users', { searchParam: 'ana maria', cursor: undefined, pageNumber: null })).toBe('/api/users?searchParam=ana+maria');
    expect(buildUrl('/api', 'version')).toBe('/api/version');
  });
});
