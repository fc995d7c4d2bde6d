import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxInboundBody } from '@conversa/shared/schemas/sandbox';
import { api } from '../../../lib/api';

export type PlayCustomerInput = { id: number; body: z.input<typeof SandboxInboundBody> };

/** POST /sandbox/{id}/inbound → 202 {id}: a customer writes to a CONNECTED sandbox connection. */
export const playSandboxCustomer = ({ id, body }: PlayCustomerInput): Promise<{ id: string }> =>
  api.post<{ id: string }>(`/sandbox/${id}/inbound`, body);

export const usePlaySandboxCustomer = (options: { onSuccess?: (r: { id: string }) => void } = {}) =>
  useMutation({ mutationFn: playSandboxCustomer, onSuccess: (r) => options.onSuccess?.(r) });
