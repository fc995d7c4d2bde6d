/**
 * Meta webhooks (public): `GET /webhooks/{wppoficial|facebook|instagram}` answers the
 * subscription check as text/plain; `POST` verifies `X-Hub-Signature-256` over the raw body, then
 * parses and enqueues (functions/src/webhooks/receive.ts). No body schema on purpose: the wrapper
 * would parse before the signature is checked.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { endpoint, publicGroupHandler, type Endpoint } from './public-endpoint';
import { reply } from '../lib/http';
import { receiveWebhook, WEBHOOK_CHANNELS, type WebhookChannel } from '../webhooks/receive';
import { webhookDeps, webhookVerifyToken } from '../domain/channels/webhook-deps';
import { VerifyQuery, verifySubscription } from '../webhooks/verify';

function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function routesOf(channel: WebhookChannel): Record<string, Endpoint> {
  return {
    [`GET /webhooks/${channel}`]: endpoint({ query: VerifyQuery }, async ({ query }) =>
      reply({ status: 200, body: verifySubscription(query, await webhookVerifyToken()), headers: { 'content-type': 'text/plain; charset=utf-8' } }),
    ),
    [`POST /webhooks/${channel}`]: endpoint({}, async ({ event }) => {
      const out = await receiveWebhook(channel, rawBody(event), event.headers?.['x-hub-signature-256'], webhookDeps);
      return { ok: true, ...out };
    }),
  };
}

/** The wrapper writes JSON; a text/plain reply goes out as the bare string Meta expects. */
const plainText = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  after: async (request) => {
    const res = request.response;
    if (!res || typeof res !== 'object' || !res.headers || !String(res.headers['content-type'] ?? '').startsWith('text/plain')) return;
    try {
      const text: unknown = JSON.parse(res.body ?? '');
      if (typeof text === 'string') res.body = text;
    } catch {
      /* already plain */
    }
  },
});

export const handler = publicGroupHandler('webhooks', Object.assign({}, ...WEBHOOK_CHANNELS.map(routesOf)) as Record<string, Endpoint>);
handler.use(plainText());
