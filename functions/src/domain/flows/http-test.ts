/**
 * The editor's Testar button (POST /httpRequestTest): the http node's request as written — its
 * `{{variables}}` left literal — through the same guarded client the runtime uses. Answers the
 * status and the response's fields: a JSON object's top-level keys, else `{ body: text }`.
 */
import type { FlowNodeDataOf, HttpTestView } from '@conversa/shared/schemas/flows';
import { AppError } from '../../lib/app-error';
import { guardedRequest, HttpFailed } from '../../lib/guarded-fetch';

const pairs = (list: { key: string; value: string }[]) => Object.fromEntries(list.filter((p) => p.key.trim()).map((p) => [p.key.trim(), p.value]));

export async function testHttpRequest(d: FlowNodeDataOf<'httpRequest'>): Promise<HttpTestView> {
  try {
    const res = await guardedRequest({ method: d.method, url: d.url, headers: pairs(d.headers), query: pairs(d.params), body: d.method === 'get' ? '' : d.body });
    const fields = res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json) ? (res.json as Record<string, unknown>) : { body: res.json ?? res.text };
    return { status: res.status, ok: res.status >= 200 && res.status < 300, fields };
  } catch (err) {
    if (err instanceof HttpFailed) throw new AppError('ERR_FLOW_HTTP_FAILED', undefined, undefined, { reason: err.reason });
    throw err;
  }
}
