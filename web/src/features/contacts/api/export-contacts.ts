import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../../../lib/download';
import { downloadName } from '../lib/csv-download';

export type ExportedFile = { blob: Blob; filename: string };

/**
 * GET /contacts/export (admin): the CSV (';' separated, spec 2 §9) as a blob, fetched with the
 * bearer token; an expired session is refreshed once like every other call.
 */
export async function exportContacts(): Promise<ExportedFile> {
  const res = await fetchFile('/contacts/export');
  return { blob: await res.blob(), filename: downloadName(res.headers.get('Content-Disposition')) };
}

export function useExportContacts(options: { onSuccess?: (file: ExportedFile) => void } = {}) {
  return useMutation({ mutationFn: exportContacts, onSuccess: (f) => options.onSuccess?.(f) });
}
