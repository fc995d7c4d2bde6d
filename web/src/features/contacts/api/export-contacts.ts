import { useMutation } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { api } from '../../../lib/api';
import { buildUrl } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-token';
import { downloadName } from '../lib/csv-download';

export type ExportedFile = { blob: Blob; filename: string };

async function fetchExport(token: string | null): Promise<Response> {
  return fetch(buildUrl(env.VITE_API_URL, '/contacts/export'), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
}

/**
 * GET /contacts/export (admin): the CSV (';' separated, spec 2 §9) as a blob, fetched with the
 * bearer token; an expired session is refreshed once like every other call.
 */
export async function exportContacts(): Promise<ExportedFile> {
  let res = await fetchExport(getToken());
  if (res.status === 403) {
    const token = await api.refresh();
    if (token) res = await fetchExport(token);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ApiError(res.status, body.error, body.message ?? '');
  }
  return { blob: await res.blob(), filename: downloadName(res.headers.get('Content-Disposition')) };
}

export function useExportContacts(options: { onSuccess?: (file: ExportedFile) => void } = {}) {
  return useMutation({ mutationFn: exportContacts, onSuccess: (f) => options.onSuccess?.(f) });
}
