import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { listItemsKey } from './get-list-items';
import { spreadsheetMimeType } from '../lib/list-import';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** Upload, then POST /contact-lists/{id}/upload {key} → the job's first progress report. */
export async function importList({ contactListId, file }: { contactListId: number; file: File }): Promise<ImportProgress> {
  const key = await uploadFile(file, spreadsheetMimeType(file));
  return api.post<ImportProgress>(`/contact-lists/${contactListId}/upload`, { key });
}

export const useImportList = (options: { onSuccess?: (p: ImportProgress) => void } = {}) => useMutation({ mutationFn: importList, onSuccess: (p) => options.onSuccess?.(p) });

/** GET /contact-lists/{id}/upload/{jobId}. */
export const getListImport = (contactListId: number, jobId: string): Promise<ImportProgress> => api.get<ImportProgress>(`/contact-lists/${contactListId}/upload/${encodeURIComponent(jobId)}`);

export const getListImportQueryOptions = (contactListId: number, jobId: string) =>
  queryOptions({ queryKey: ['contactListImport', contactListId, jobId] as const, queryFn: () => getListImport(contactListId, jobId) });

/** Polls the job every second while it runs; the items are read again on each step (they arrive as it goes). */
export function useListImport(contactListId: number, jobId: string | undefined) {
  const qc = useQueryClient();
  return useQuery({
    ...getListImportQueryOptions(contactListId, jobId ?? ''),
    enabled: jobId !== undefined,
    refetchInterval: (q) => {
      void qc.invalidateQueries({ queryKey: listItemsKey(contactListId) });
      return q.state.data?.finished ? false : IMPORT_POLL_MS;
    },
  });
}
