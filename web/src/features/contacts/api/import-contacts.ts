import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { contactsListKey } from '../../../lib/get-contacts';
import { uploadFile } from '../../../lib/upload-file';
import { importMimeType } from '../lib/import-progress';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** Upload, then POST /contacts/upload {key} → the job's first progress report. */
export async function importContacts(file: File): Promise<ImportProgress> {
  const key = await uploadFile(file, importMimeType(file));
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
