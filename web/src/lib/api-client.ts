/**
 * The REST client (spec 1 §4, §7): bearer token from local storage; 403 ERR_SESSION_EXPIRED →
 * one refresh (httpOnly cookie) shared by concurrent callers, then one retry; 401 → signed out;
 * 402 ERR_SUBSCRIPTION_EXPIRED → finance.
 */
import type { SessionAnswer } from '@conversa/shared/schemas/auth';
import { ApiError, NETWORK_ERROR_STATUS, type ApiIssue } from './api-error';

export type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  body?: unknown;
  query?: Query;
  /** false: no token, and 401/403 are plain errors (login, signup, password recovery). */
  auth?: boolean;
  signal?: AbortSignal;
};

export type ApiClientDeps = {
  baseUrl: string;
  fetch?: typeof fetch;
  getToken(): string | null;
  setToken(token: string): void;
  onRefreshed?(answer: SessionAnswer): void;
  onUnauthorized(): void;
  onSubscriptionExpired(): void;
};

export type ApiClient = ReturnType<typeof createApiClient>;

type Parsed = { status: number; ok: boolean; body: unknown };

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function toError(p: Parsed): ApiError {
  const b = (p.body && typeof p.body === 'object' ? p.body : {}) as { error?: unknown; message?: unknown; issues?: unknown; details?: unknown };
  const code = typeof b.error === 'string' ? b.error : undefined;
  const message = typeof b.message === 'string' ? b.message : typeof p.body === 'string' ? p.body : '';
  const issues = Array.isArray(b.issues) ? (b.issues as ApiIssue[]) : undefined;
  const details = b.details && typeof b.details === 'object' ? (b.details as Record<string, unknown>) : undefined;
  return new ApiError(p.status, code, message, issues, details);
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshing: Promise<string | null> | null = null;

  async function send(method: string, path: string, opts: RequestOptions, token: string | null): Promise<Parsed> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(buildUrl(deps.baseUrl, path, opts.query), {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') throw err;
      throw new ApiError(NETWORK_ERROR_STATUS, undefined, '');
    }
    const text = await res.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, ok: res.ok, body };
  }

  /**
   * POST /auth/refresh_token once for every caller waiting at the same moment. Answers the new
   * token, or null when the server refused (the session is over). Network failures throw.
   */
  function refresh(): Promise<string | null> {
    refreshing ??= (async () => {
      try {
        const p = await send('POST', '/auth/refresh_token', {}, null);
        const answer = p.body as Partial<SessionAnswer> | undefined;
        if (!p.ok || !answer || typeof answer.token !== 'string') {
          if (p.status === NETWORK_ERROR_STATUS || p.status >= 500) throw toError(p);
          return null;
        }
        deps.setToken(answer.token);
        if (answer.user) deps.onRefreshed?.(answer as SessionAnswer);
        return answer.token;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  const isExpiredSession = (p: Parsed) =>
    p.status === 403 && (p.body as { error?: unknown } | undefined)?.error === 'ERR_SESSION_EXPIRED';

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const auth = opts.auth !== false;
    let p = await send(method, path, opts, auth ? deps.getToken() : null);
    if (auth && isExpiredSession(p)) {
      const token = await refresh();
      if (!token) {
        deps.onUnauthorized();
        throw toError(p);
      }
      p = await send(method, path, opts, token);
      if (isExpiredSession(p)) {
        deps.onUnauthorized();
        throw toError(p);
      }
    }
    if (!p.ok) {
      const err = toError(p);
      if (auth && p.status === 401) deps.onUnauthorized();
      if (p.status === 402 || err.code === 'ERR_SUBSCRIPTION_EXPIRED') deps.onSubscriptionExpired();
      throw err;
    }
    return p.body as T;
  }

  return {
    request,
    refresh,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}
