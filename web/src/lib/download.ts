/**
 * Files the API answers (a CSV export) rather than JSON: fetched with the bearer token, an expired
 * session refreshed once like every other call, then handed to the browser as a download.
 */
import { env } from '../config/env';
import { api } from './api';
import { buildUrl } from './api-client';
import { ApiError } from './api-error';
import { getToken } from './auth-token';

function fetchAuthorised(path: string, token: string | null): Promise<Response> {
  return fetch(buildUrl(env.VITE_API_URL, path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
}

/** GET `path` with the session; a failure is thrown as the API's error. */
export async function fetchFile(path: string): Promise<Response> {
  let res = await fetchAuthorised(path, getToken());
  if (res.status === 403) {
    const token = await api.refresh();
    if (token) res = await fetchAuthorised(path, token);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ApiError(res.status, body.error, body.message ?? '');
  }
  return res;
}

/** Hands a blob (or an address) to the browser as a download. */
export function saveBlob(blob: Blob | string, filename: string): void {
  const url = typeof blob === 'string' ? blob : URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof blob !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}
