/** POST /httpRequestTest (group flows): the flow editor's Testar button, HTTP ⇄ domain only. */
import { HttpRequestTestBody } from '@conversa/shared/schemas/flows';
import { testHttpRequest } from '../domain/flows/http-test';
import { endpoint } from './endpoint';

export const httpRequestTest = endpoint({ body: HttpRequestTestBody }, ({ body }) => testHttpRequest(body));
