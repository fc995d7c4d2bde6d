import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type RestartAnswer = { restarted: number; message: string };

/** POST /whatsapp-restart: every session starts again; the statuses arrive on the socket. */
export const restartConnections = (): Promise<RestartAnswer> => api.post<RestartAnswer>('/whatsapp-restart');

export const useRestartConnections = (options: { onSuccess?: (a: RestartAnswer) => void } = {}) =>
  useMutation({ mutationFn: restartConnections, onSuccess: (a) => options.onSuccess?.(a) });
