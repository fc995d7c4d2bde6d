import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentCertificateInfo, PaymentWebhookAnswer, UploadAnswer } from '@conversa/shared/schemas/payment-certificate';
import { api } from '../../../lib/api';

/** GET /settings/payment-certificate (super): whether a certificate is installed, its subject and expiry; never the file. */
export const getPaymentCertificate = (): Promise<PaymentCertificateInfo> => api.get<PaymentCertificateInfo>('/settings/payment-certificate');

export const getPaymentCertificateQueryOptions = () => queryOptions({ queryKey: ['settings', 'payment-certificate'] as const, queryFn: getPaymentCertificate });

export const usePaymentCertificate = () => useQuery(getPaymentCertificateQueryOptions());

/** The file's bytes as base64 (a .p12 is a few KB). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST /settings/cert-upload?ref=certificado { filename, content } → { mensagem: 'Arquivo Anexado' }. */
export const uploadPaymentCertificate = async (file: File): Promise<UploadAnswer> =>
  api.post<UploadAnswer>('/settings/cert-upload?ref=certificado', { filename: file.name, content: await base64Of(file) });

/** POST /settings/payment-webhook: registers the platform's Pix webhook at the provider. */
export const registerPaymentWebhook = (): Promise<PaymentWebhookAnswer> => api.post<PaymentWebhookAnswer>('/settings/payment-webhook', {});

function useInvalidating<T, V>(fn: (v: V) => Promise<T>, onSuccess: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: getPaymentCertificateQueryOptions().queryKey });
      onSuccess();
    },
  });
}

export const useUploadPaymentCertificate = (options: { onSuccess: () => void }) => useInvalidating(uploadPaymentCertificate, options.onSuccess);
export const useRegisterPaymentWebhook = (options: { onSuccess: () => void }) => useInvalidating(registerPaymentWebhook, options.onSuccess);
