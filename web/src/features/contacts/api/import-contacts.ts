import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import type { UploadTicket } from '@conversa/shared/schemas/messages';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { importMimeType } from '../lib/import-progress';
import { contactsListKey } from '../../../lib/get-contacts';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** POST /messages/upload for a presigned URL, then PUT the file there; answers the object key. */
export async function uploadFile(file: File): Promise<string> {
  const ticket = await api.post<UploadTicket>('/messages/upload', {
    filename: file.name,
    mimetype: importMimeType(file),
    size: file.size,
  });
  const res = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: file });
  if (!res.ok) throw new ApiError(res.status, undefined, await res.text().catch(() => ''));
  return ticket.key;
}

/** Upload, then POST /contacts/upload {key} → the job's first progress report. */
export async function importContacts(file: File): Promise<ImportProgress> {
  const key = await uploadFile(file);
  return api.post<ImportProgress>('/contacts/upload', { key });
}

export function useImportContacts(options: { onSuccess?: (p: ImportProgress) => void } = {}) {
  return useMutation({ mutationFn: importContacts, onSuccess: (p) => options.onSuccess?.(p) });
}

/** GET /contacts/upload/{jobId}. */
export const getImportProgress = (jobId: string): Promise<ImportProgress> =>
  api.get<ImportProgress>(`/contacts/upload/${encodeURIComponent(jobId)}`);

export const getImportProgressQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: ['contacts', 'import', jobId] as const, queryFn: () => getImportProgress(jobId) });

/** Polls the job every second until it reports finished; then the lists are refreshed once. */
export function useImportProgress(jobId: string | undefined) {
  const qc = useQueryClient();
  return useQuery({
    ...getImportProgressQueryOptions(jobId ?? ''),
    enabled: jobId !== undefined,
    refetchInterval: (q) => {
      if (q.state.data?.finished) {
        void qc.invalidateQueries({ queryKey: contactsListKey });
        return false;
      }
      return IMPORT_POLL_MS;
    },
  });
}
