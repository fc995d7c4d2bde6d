import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /subscription/sandbox/{txid}/pay: the sandbox provider's 'Simular pagamento' (super admin). */
export const simulatePayment = (txid: string): Promise<{ outcome: string }> => api.post<{ outcome: string }>(`/subscription/sandbox/${encodeURIComponent(txid)}/pay`);

export function useSimulatePayment(options: { onSuccess?: (a: { outcome: string }) => void } = {}) {
  return useMutation({ mutationFn: simulatePayment, onSuccess: (a) => options.onSuccess?.(a) });
}
