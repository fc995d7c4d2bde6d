import { useMutation } from '@tanstack/react-query';
import type { SubscriptionAnswer, SubscriptionBody } from '@conversa/shared/schemas/billing';
import { api } from '../../../lib/api';

/** POST /subscription (spec 2 §3 payload): the Pix charge of the invoice. */
export const subscribe = (body: SubscriptionBody): Promise<SubscriptionAnswer> => api.post<SubscriptionAnswer>('/subscription', body);

export function useSubscribe(options: { onSuccess?: (a: SubscriptionAnswer) => void } = {}) {
  return useMutation({ mutationFn: subscribe, onSuccess: (a) => options.onSuccess?.(a) });
}
