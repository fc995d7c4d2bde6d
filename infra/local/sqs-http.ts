/**
 * The local queues over HTTP, for other local processes (the session host):
 *   any request with `X-Amz-Target: AmazonSQS.<Action>`: the SQS JSON protocol (sqs-json.ts), what
 *                       `@aws-sdk/client-sqs` speaks with `endpoint: LOCAL_SQS_ENDPOINT`
 *   POST /_sqs/<queue>  {"body": "..." | {...}, "groupId"?, "dedupId"?, "delaySeconds"?}  (shortcut)
 *   GET  /_sqs          every queue's counts;  GET /_sqs/<queue>  one queue's counts
 *   GET  /_sqs/<queue>/dlq  the dead-letter messages
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './errors';
import { QueueError, type LocalQueues } from './queues';
import { readBody } from './read-body';
import { handleSqsJson, isSqsJsonRequest, type SqsJsonOptions } from './sqs-json';

export async function handleSqsHttp(queues: LocalQueues, req: IncomingMessage, res: ServerResponse, rest: string, opts: SqsJsonOptions = {}): Promise<void> {
  if (isSqsJsonRequest(req)) return handleSqsJson(queues, req, res, opts);
  const parts = rest.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const method = req.method ?? 'GET';
  if (method === 'GET' && parts.length === 0) return sendJson(res, 200, { queues: queues.names().map((n) => queues.stats(n)) });
  const [name, sub] = parts;
  if (!name || !queues.has(name) || parts.length > 2 || (sub && sub !== 'dlq')) {
    req.resume();
    return sendJson(res, 404, { error: 'QueueDoesNotExist', message: `The specified queue does not exist: ${name ?? ''}` });
  }
  if (method === 'GET') return sendJson(res, 200, sub ? { messages: queues.dlq(name) } : queues.stats(name));
  if (method !== 'POST' || sub) {
    req.resume();
    return sendJson(res, 405, { error: 'MethodNotAllowed', message: 'POST /_sqs/<queue> or GET' }, { allow: 'GET, POST' });
  }
  const body = await readBody(req, 512 * 1024);
  if (!body.ok) return body.reason === 'too-large' ? sendJson(res, 413, { error: 'InvalidParameterValue', message: 'Body too large' }) : void res.destroy();
  let input: { body?: unknown; groupId?: unknown; dedupId?: unknown; delaySeconds?: unknown };
  try {
    input = JSON.parse(body.body.toString('utf8')) as typeof input;
    if (!input || typeof input !== 'object') throw new Error('not an object');
  } catch {
    return sendJson(res, 400, { error: 'InvalidParameterValue', message: 'Send JSON: {"body": ..., "groupId"?, "dedupId"?, "delaySeconds"?}' });
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  if (input.body === undefined || input.body === null) return sendJson(res, 400, { error: 'MissingParameter', message: 'body is required' });
  try {
    const out = queues.send(name, typeof input.body === 'string' ? input.body : (input.body as object), {
      groupId: str(input.groupId),
      dedupId: str(input.dedupId),
      delaySeconds: typeof input.delaySeconds === 'number' ? input.delaySeconds : undefined,
    });
    await queues.durable();
    return sendJson(res, 200, out);
  } catch (err) {
    if (err instanceof QueueError) return sendJson(res, 400, { error: err.code, message: err.message });
    throw err;
  }
}
