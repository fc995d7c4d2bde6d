/**
 * Realtime fan-out through the API Gateway Management API: each event goes only to the
 * connections its audience allows; a gone connection is deleted.
 */
import { randomUUID } from 'node:crypto';
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerEvent, ServerFrame } from '@conversa/shared/realtime';
import type { ChannelName, PayloadOf, RealtimeEvent } from '@conversa/shared/realtime-payloads';
import { env } from '../lib/config';
import { log } from '../lib/log';
import { companyConnections, deleteConnection, type WsConnection } from './db/ws-connections';
import { sdkClientOptions } from './sdk-options';
import { traced } from '../lib/trace';

export type Audience =
  | { kind: 'company' }
  | { kind: 'users'; userIds: number[] }
  | { kind: 'admins' }
  | { kind: 'room'; room: string }
  | { kind: 'where'; test: (c: WsConnection) => boolean };

let client: ApiGatewayManagementApiClient | undefined;
function mgmt(): ApiGatewayManagementApiClient | undefined {
  const endpoint = env().WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) return undefined;
  client ??= traced(new ApiGatewayManagementApiClient({
    ...sdkClientOptions,
    endpoint,
    region: env().AWS_REGION,
    ...(env().DYNAMODB_ENDPOINT ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }));
  return client;
}
export function resetRealtimeClient(): void {
  client = undefined;
}

export function inAudience(c: WsConnection, a: Audience): boolean {
  switch (a.kind) {
    case 'company': return true;
    case 'users': return a.userIds.includes(c.userId);
    case 'admins': return c.super || c.profile === 'admin';
    case 'room': return c.rooms.includes(a.room);
    case 'where': return a.test(c);
  }
}

/** A connection still inside its `$connect` answers Gone too: it is not deleted for that. */
const CONNECTING_GRACE_MS = 10_000;

/** Sends one frame (an event, or the events of one change) to one connection; false when the connection is gone (and deleted). */
export async function sendTo(c: Pick<WsConnection, 'companyId' | 'connectionId' | 'connectedAt'>, event: ServerFrame): Promise<boolean> {
  const api = mgmt();
  if (!api) return false;
  try {
    await api.send(new PostToConnectionCommand({ ConnectionId: c.connectionId, Data: new TextEncoder().encode(JSON.stringify(event)) }));
    return true;
  } catch (err) {
    if (err instanceof GoneException || (err as { name?: string }).name === 'GoneException') {
      if (Date.now() - Date.parse(c.connectedAt) > CONNECTING_GRACE_MS) await deleteConnection(c.companyId, c.connectionId);
      return false;
    }
    log.warn('realtime send failed', { connectionId: c.connectionId, err: String(err) });
    return false;
  }
}

/** Ends one socket (the gateway then runs its `$disconnect`) and forgets it; a gone one is only forgotten. */
export async function closeConnection(c: Pick<WsConnection, 'companyId' | 'connectionId'>): Promise<void> {
  const api = mgmt();
  try {
    if (api) await api.send(new DeleteConnectionCommand({ ConnectionId: c.connectionId }));
  } catch (err) {
    if (!(err instanceof GoneException || (err as { name?: string }).name === 'GoneException')) log.warn('realtime close failed', { connectionId: c.connectionId, err: String(err) });
  }
  await deleteConnection(c.companyId, c.connectionId);
}

/** Publishes `{action, ...payload}` (the channel's schema: realtime-payloads.ts) on a company channel to the audience; answers how many got it. */
export function publish<N extends ChannelName>(companyId: number, channelName: N, data: PayloadOf<N>, audience: Audience = { kind: 'company' }): Promise<number> {
  return publishAll(companyId, [{ channel: channelName, data } as RealtimeEvent], audience);
}

/**
 * The company's connections, one Query shared by the publishes that ask while it is in flight (a
 * worker's batch publishes for several chats at once). Nothing is kept after it answers: a socket
 * that connects later is in the next look-up, so no cache can hide it from an event. (The Query
 * reads eventually consistent items anyway: a socket is seen a moment after its $connect stored
 * it, and the SPA reloads its lists when its socket opens.)
 */
const inFlight = new Map<number, Promise<WsConnection[]>>();
function connectionsOf(companyId: number): Promise<WsConnection[]> {
  const running = inFlight.get(companyId);
  if (running) return running;
  const query = companyConnections(companyId).finally(() => inFlight.delete(companyId));
  inFlight.set(companyId, query);
  return query;
}

/** Several events to one audience with one look-up of the company's connections. */
export async function publishAll(companyId: number, events: RealtimeEvent[], audience: Audience): Promise<number> {
  const targets = (await connectionsOf(companyId)).filter((c) => inAudience(c, audience));
  const frame = (): ServerFrame => {
    const all = events.map((e): ServerEvent => ({ ...e, id: randomUUID(), companyId }));
    return all.length === 1 ? all[0]! : all;
  };
  // One push per connection, whatever the number of events.
  const sent = await Promise.all(targets.map((c) => sendTo(c, frame())));
  return sent.filter(Boolean).length * events.length;
}
