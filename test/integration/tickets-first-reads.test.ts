/**
 * GET /tickets starts the reads a page begins with (status-list keys or search blocks, tab
 * counters, settings) beside the read of the caller, once the token is verified (http/endpoint.ts `early`):
 * the tickets handler runs in this process and its DynamoDB calls are counted in round trips
 * ("waves": a wave starts when a call leaves while none is in flight). A caller turned away gets
 * none of what those reads found, and the wrapper still answers the caller's errors before the input's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { putEntries } from '../../functions/src/adapters/db/search-index';
import { queryTerms } from '../../functions/src/domain/search/tokens';
import { handler } from '../../functions/src/http/tickets';
import { handler as users } from '../../functions/src/http/users';
import { RoundTrips } from '../support/round-trips';
import { agent, inbox, type Inbox } from './tickets-helpers';

let x: Inbox;
let trips: RoundTrips;

const call = async (h: typeof handler, routeKey: string, token: string | undefined, query: Record<string, string> = {}) => {
  const path = routeKey.split(' ')[1]!;
  const event = {
    version: '2.0',
    routeKey,
    rawPath: `/api${path}`,
    rawQueryString: new URLSearchParams(query).toString(),
    queryStringParameters: query,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    isBase64Encoded: false,
    requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await h(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
};

/** The handler's round trips for one request (after one call that warms the container's caches). */
async function wavesOf(token: string, query: Record<string, string>) {
  await call(handler, 'GET /tickets', token, query);
  trips.take();
  trips.counting = true;
  try {
    const res = await call(handler, 'GET /tickets', token, query);
    expect(res.status).toBe(200);
    return { res, waves: trips.take().map((w) => [...w].sort()) };
  } finally {
    trips.counting = false;
  }
}

beforeAll(async () => {
  x = await inbox();
  const rita = await x.customer({ queueId: 1, name: 'Rita Primeira', body: 'Quero saber do meu boleto' });
  const rui = await x.customer({ queueId: 1, name: 'Rui Segundo', body: 'Onde está meu boleto?' });
  // The indexer writes these from the table's stream, which a loaded run (CI) can leave seconds
  // behind: written here too (bits are only set, so the indexer's later write changes nothing).
  const [boleto] = queryTerms('boleto');
  await putEntries(x.companyId, [rita.id, rui.id].map((ticketId) => ({ token: boleto!.token, ticketId, source: 't' as const })));
  trips = new RoundTrips('firstReadsWaves');
  trips.counting = false;
}, 60_000);

afterAll(() => trips.remove());

describe('GET /tickets first reads', () => {
  it('a first page of a tab reads the caller, the list keys and the tab counters in one round trip, then the tickets', async () => {
    const { res, waves } = await wavesOf(x.admin.token!, { status: 'pending', showAll: 'true' });
    expect(res.body.tickets.length).toBeGreaterThanOrEqual(2);
    expect(res.body.counts.pending).toBe(res.body.tickets.length);
    // The user, the status list's keys and the counters (and the settings when this container's copy is over two seconds old).
    expect(waves[0]).toEqual(expect.arrayContaining(['GetItemCommand', 'QueryCommand', 'QueryCommand']));
    // Then the tickets: a second round trip, or still the first when the counters' Query was in
    // flight as the keys came back (the BatchGet does not wait for the counters; CI saw this).
    expect(waves.length).toBeLessThanOrEqual(2);
    expect(waves.flat().filter((c) => c === 'BatchGetItemCommand')).toHaveLength(1);
    expect(waves.at(-1)).toContain('BatchGetItemCommand');
  });

  it('a search reads the caller beside the words’ first blocks', async () => {
    const names = async () => ((await call(handler, 'GET /tickets', x.a1.client.token!, { searchParam: 'boleto' })).body.tickets as { contact: { name: string } }[]).map((t) => t.contact.name).sort();
    await expect.poll(names, { timeout: 15_000, interval: 250 }).toEqual(['Rita Primeira', 'Rui Segundo']);
    const { res, waves } = await wavesOf(x.a1.client.token!, { searchParam: 'boleto' });
    expect(res.body.tickets).toHaveLength(2);
    expect(waves[0]).toEqual(expect.arrayContaining(['GetItemCommand', 'QueryCommand']));
    // The word's blocks (and the settings when this container's copy is over two seconds old); no tab counters on a search.
    expect(waves[0]!.filter((c) => c === 'QueryCommand').length).toBeLessThanOrEqual(2);
    expect(res.body.counts).toBeUndefined();
  });

  it('a search of one status reads that status’s roster in the same first round trip, then the tickets', async () => {
    const query = { searchParam: 'boleto', status: 'pending', queueIds: JSON.stringify([1]), showAll: 'true' };
    const { res, waves } = await wavesOf(x.admin.token!, query);
    expect(res.body.tickets).toHaveLength(2);
    // The user, the word's blocks and the roster of pending tickets (no tab counters on a search); then the tickets.
    expect(waves[0]).toEqual(expect.arrayContaining(['GetItemCommand', 'QueryCommand', 'QueryCommand']));
    expect(waves.length).toBeLessThanOrEqual(2);
    expect(waves.flat().filter((c) => c === 'QueryCommand')).toHaveLength(2);
    expect(waves.at(-1)).toContain('BatchGetItemCommand');
  });

  it('a caller turned away gets nothing the early reads found', async () => {
    const gone = await agent(x.admin, 'Agente Saindo', [1]);
    expect((await call(handler, 'GET /tickets', gone.client.token!, { status: 'pending' })).status).toBe(200);
    expect((await x.admin.call('DELETE', `/users/${gone.id}`)).status).toBe(204);
    const res = await call(handler, 'GET /tickets', gone.client.token!, { status: 'pending' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'ERR_UNAUTHENTICATED', message: expect.any(String) });
  });

  it('the caller’s errors still come before the input’s', async () => {
    // No token, bad query: 401. A valid token, bad cursor: 400. An agent on an admin route with a bad query: 403.
    expect((await call(handler, 'GET /tickets', undefined, { cursor: '!!' })).status).toBe(401);
    const bad = await call(handler, 'GET /tickets', x.a1.client.token!, { cursor: 'bm90LWpzb24' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    const denied = await call(users, 'GET /users', x.a1.client.token!, { pageNumber: 'abc' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
  });
});
