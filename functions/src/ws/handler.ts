/**
 * WebSocket routes by route key: `$connect` verifies the token from `?token=` and stores the
 * connection (company, user, profile, queues, rooms); `$default` carries the spec's emits;
 * `$disconnect` forgets the connection.
 */
import middy from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ClientFrame } from '@conversa/shared/schemas/realtime';
import { connect, disconnect, handleFrame } from '../domain/realtime/connections';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const ok = (body?: unknown): APIGatewayProxyResultV2 => ({ statusCode: 200, body: body === undefined ? '' : JSON.stringify(body) });

export const handler = middy<WsEvent, APIGatewayProxyResultV2>().use(invocationContext()).handler(async (event) => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') {
      await connect(connectionId, event.queryStringParameters?.token);
      return ok();
    }
    if (routeKey === '$disconnect') {
      await disconnect(connectionId);
      return ok();
    }
    let raw: unknown;
    try {
      raw = JSON.parse(event.body ?? '');
    } catch {
      return ok({ error: 'ERR_BAD_JSON' });
    }
    const frame = ClientFrame.safeParse(raw);
    if (!frame.success) return ok({ error: 'ERR_VALIDATION' });
    return ok(await handleFrame(connectionId, frame.data));
  } catch (err) {
    if (err instanceof AppError) return { statusCode: err.status, body: JSON.stringify({ error: err.code }) };
    log.error('ws handler failed', { routeKey, err: String(err) });
    return { statusCode: 500, body: JSON.stringify({ error: 'ERR_INTERNAL' }) };
  }
});
