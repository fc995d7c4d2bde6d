import { useMutation, useQuery } from '@tanstack/react-query';
import type { BackupJobView } from '@conversa/shared/schemas/backup';
import { api } from '../../../lib/api';

/** POST /backup-database (admin): starts the company's backup; the worker makes the file. */
export const requestBackup = (): Promise<BackupJobView> => api.post<BackupJobView>('/backup-database');

/** GET /backup-database/{jobId}: progress, then the short-lived download link. */
export const getBackup = (jobId: string): Promise<BackupJobView> => api.get<BackupJobView>(`/backup-database/${jobId}`);

/** Silent: the page shows the spec's own alerts. */
export const useRequestBackup = (options: { onSuccess?: (j: BackupJobView) => void; onError?: () => void }) =>
  useMutation({ mutationFn: requestBackup, meta: { silent: true }, onSuccess: options.onSuccess, onError: options.onError });

/** Polled every second until the job is finished. */
export const useBackup = (jobId: string | undefined) =>
  useQuery({
    queryKey: ['backup', jobId] as const,
    queryFn: () => getBackup(jobId!),
    enabled: Boolean(jobId),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.finished ? false : 1000),
  });
