import { useMutation } from '@tanstack/react-query';
import type { FlowNodeDataOf, HttpTestView } from '@conversa/shared/schemas/flows';
import { api } from '../../../lib/api';

/** POST /httpRequestTest body the http node's data: the status and the answer's fields. */
export const testHttpRequest = (data: FlowNodeDataOf<'httpRequest'>): Promise<HttpTestView> => api.post<HttpTestView>('/httpRequestTest', data);

export const useTestHttpRequest = () => useMutation({ mutationFn: testHttpRequest });
