/** $connect accepts `?token=good`, $default answers `ping` with `pong`, every event is recorded. */
import { recorder } from '../recorder';

type WsEvent = { requestContext: { routeKey: string; connectionId: string }; body?: string; queryStringParameters?: Record<string, string> };

export const handler = async (event: WsEvent) => {
  recorder('ws').events.push(event);
  const { routeKey } = event.requestContext;
  if (routeKey === '$connect') {
    const token = event.queryStringParameters?.token;
    if (token === 'forbidden') return { statusCode: 403 };
    return token === 'good' ? { statusCode: 200 } : { statusCode: 401, body: 'unauthorized' };
  }
  if (routeKey === '$default') {
    if (event.body === 'ping') return { statusCode: 200, body: 'pong' };
    if (event.body === 'whoami') return { statusCode: 200, body: event.requestContext.connectionId };
    if (event.body === 'throw') throw new Error('frame failed');
    return { statusCode: 200 };
  }
  return { statusCode: 200 };
};
