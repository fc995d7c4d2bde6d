import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /sandbox/{id}/scan → 202: the sandbox "phone" reads the QR (409 ERR_WAPP_NOT_INITIALIZED without one). */
export const scanSandboxQr = (id: number): Promise<{ scanned: boolean }> => api.post<{ scanned: boolean }>(`/sandbox/${id}/scan`);

// The status that follows (CONNECTED) arrives on the socket.
export const useScanSandboxQr = (options: { onSuccess?: () => void } = {}) =>
  useMutation({ mutationFn: scanSandboxQr, onSuccess: () => options.onSuccess?.() });
