import { useMutation } from '@tanstack/react-query';
import type { SandboxScanBody } from '@conversa/shared/schemas/sandbox';
import { api } from '../../../lib/api';

/**
 * POST /sandbox/{id}/scan → 202: the sandbox "phone" reads the QR on the screen (`qrcode`). 409
 * ERR_WAPP_NOT_INITIALIZED without a QR; ERR_SANDBOX_QR_EXPIRED when it was replaced meanwhile.
 */
export const scanSandboxQr = ({ id, ...body }: { id: number } & SandboxScanBody): Promise<{ scanned: boolean }> => api.post<{ scanned: boolean }>(`/sandbox/${id}/scan`, body);

// The status that follows (CONNECTED) arrives on the socket.
export const useScanSandboxQr = (options: { onSuccess?: () => void } = {}) =>
  useMutation({ mutationFn: scanSandboxQr, onSuccess: () => options.onSuccess?.() });
