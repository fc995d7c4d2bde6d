import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Whether audio transcription is offered: the company's groqApiKey setting has a value. It is a
 * secret, readable by admins only: for others the call is refused and the option stays hidden.
 */
export async function getTranscriptionAvailable(): Promise<boolean> {
  try {
    const s = await api.get<{ key: string; value: string }>('/settings/groqApiKey');
    return typeof s?.value === 'string' && s.value.trim().length > 0;
  } catch {
    return false;
  }
}

export const getTranscriptionAvailableQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'detail', 'groqApiKey', 'present'] as const, queryFn: getTranscriptionAvailable, staleTime: 10 * 60_000, meta: { silent: true } });

export const useTranscriptionAvailable = () => useQuery(getTranscriptionAvailableQueryOptions());
