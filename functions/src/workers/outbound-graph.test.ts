import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context, SQSEvent, SQSBatchResponse } from 'aws-lambda';
import type { OutboundJob, SendResult } from '@conversa/shared/channels';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph';
import type { Connection } from '../adapters/db/connections';
import type { Message } from '../adapters/db/messages';
import { graphWorkerDeps, type GraphWorkerDeps } from '../domain/channels/send-graph-job';
import { createOutboundGraphHandler } from './outbound-graph';

let graph: FakeGraph;
let msgs: Map<string, Partial<Message>>;
let reports: SendResult[];

const CONNS: Connection[] = [
  { id: 1, companyId: 5, channel: 'wppoficial', provider: { phoneNumberId: 'PN1', accessTokenRef: 'plain:tok-wa' } } as Connection,
  { id: 2, companyId: 5, channel: 'facebook', provider: { pageId: 'PAGE1', accessTokenRef: 'plain:tok-fb' } } as Connection,
  { id: 3, companyId: 5, channel: 'instagram', provider: { igAccountId: 'IG1', accessTokenRef: 'plain:tok-ig' } } as Connection,
  { id: 4, companyId: 5, channel: 'wppoficial', provider: { phoneNumberId: 'PN2' } } as Connection,
];

/** Message state with the same rules as adapters/db/messages.ts (claim once, then sent or failed). */
const deps: GraphWorkerDeps = {
  ...graphWorkerDeps,
  getConnection: async (cid, id) => CONNS.find((c) => c.companyId === cid && c.id === id),
  claimSend: async (_c, _t, id, host) => {
    const m = msgs.get(id);
    if (!m || m.externalId || m.error || (m.sendClaim && m.sendClaim.host !== host)) return false;
    m.sendClaim = { host, at: Date.now() };
    return true;
  },
  getMessage: async (_c, _t, id) => msgs.get(id) as Message | undefined,
  markSent: async (_c, _t, id, externalId) => {
    const m = msgs.get(id)!;
    m.externalId = externalId;
    delete m.sendClaim;
    return true;
  },
  markFailed: async (_c, _t, id, reason) => {
    const m = msgs.get(id)!;
    m.error = reason;
    delete m.sendClaim;
  },
  mediaLink: async (key) => `https://media.example/${key}?sig=1`,
  report: async (r) => void reports.push(r),
};
const run = createOutboundGraphHandler(deps);

const job = (over: Partial<OutboundJob> = {}): OutboundJob => ({ companyId: 5, whatsappId: 1, ticketId: 9, messageId: 'M1', chatId: '5511911112222', isGroup: false, action: 'send', body: 'Olá!', isForwarded: false, ...over });
const event = (...bodies: unknown[]): SQSEvent => ({ Records: bodies.map((b, i) => ({ messageId: `r${i}`, body: typeof b === 'string' ? b : JSON.stringify(b) })) } as SQSEvent);
let req = 0;
const call = async (e: SQSEvent) => (await run(e, { awsRequestId: `req-${++req}` } as Context)) as SQSBatchResponse;

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env.GRAPH_BASE_URL = graph.url;
});
afterAll(async () => {
  delete process.env.GRAPH_BASE_URL;
  await graph.stop();
});
beforeEach(() => {
  graph.reset();
  msgs = new Map(['M1', 'M2', 'M3'].map((id) => [id, { id }]));
  reports = [];
});

describe('the Graph sender', () => {
  it('sends a Cloud API text, records the Graph id and reports it', async () => {
    expect(await call(event(job({ quotedExternalId: 'wamid.Q' })))).toEqual({ batchItemFailures: [] });
    const [s] = graph.sends();
    expect(s!.path).toBe('/v21.0/PN1/messages');
    expect(s!.headers.authorization).toBe('Bearer tok-wa');
    expect(s!.body).toMatchObject({ messaging_product: 'whatsapp', to: '5511911112222', type: 'text', text: { body: 'Olá!' }, context: { message_id: 'wamid.Q' } });
    expect(msgs.get('M1')!.externalId).toMatch(/^wamid\.fake/);
    expect(reports).toEqual([expect.objectContaining({ kind: 'sent', messageId: 'M1', ticketId: 9, externalId: msgs.get('M1')!.externalId })]);
  });

  it('sends once: a redelivered job after the send is skipped', async () => {
    await call(event(job()));
    await call(event(job()));
    expect(graph.sends()).toHaveLength(1);
    expect(reports).toHaveLength(1);
  });

  it('sends media by link and Messenger / Instagram by recipient id', async () => {
    await call(event(job({ mediaType: 'application', mediaKey: 'companies/5/media/x.pdf', filename: 'x.pdf', body: 'segue' })));
    expect(graph.sends()[0]!.body).toMatchObject({ type: 'document', document: { link: 'https://media.example/companies/5/media/x.pdf?sig=1', caption: 'segue', filename: 'x.pdf' } });
    await call(event(job({ whatsappId: 2, messageId: 'M2', chatId: 'PSID-7' })));
    expect(graph.sends()[1]!.path).toBe('/v21.0/PAGE1/messages');
    expect(graph.sends()[1]!.body).toEqual({ recipient: { id: 'PSID-7' }, messaging_type: 'RESPONSE', message: { text: 'Olá!' } });
    await call(event(job({ whatsappId: 3, messageId: 'M3', chatId: 'IGSID-7', mediaType: 'image', mediaKey: 'k.jpg', body: '' })));
    expect(graph.sends()[2]!.path).toBe('/v21.0/IG1/messages');
    expect(graph.sends()[2]!.body.message).toEqual({ attachment: { type: 'image', payload: { url: 'https://media.example/k.jpg?sig=1', is_reusable: false } } });
    expect(reports.map((r) => r.externalId)).toEqual([expect.stringMatching(/^wamid\./), expect.stringMatching(/^m_fake/), expect.stringMatching(/^m_fake/)]);
  });

  it('sends a Messenger / Instagram caption as a text right after the file, and quotes the replied message on the file', async () => {
    await call(event(job({ whatsappId: 2, chatId: 'PSID-7', mediaType: 'image', mediaKey: 'k.jpg', filename: 'k.jpg', body: 'Segue a foto', quotedExternalId: 'm_CUSTOMER' })));
    const [file, caption] = graph.sends();
    expect(file!.body).toEqual({ recipient: { id: 'PSID-7' }, messaging_type: 'RESPONSE', message: { attachment: { type: 'image', payload: { url: 'https://media.example/k.jpg?sig=1', is_reusable: false } }, reply_to: { mid: 'm_CUSTOMER' } } });
    expect(caption!.body).toEqual({ recipient: { id: 'PSID-7' }, messaging_type: 'RESPONSE', message: { text: 'Segue a foto' } });
    // The message is the file's; the caption's id is reported too, so its echo is recognised.
    expect(reports).toEqual([expect.objectContaining({ messageId: 'M1', externalId: msgs.get('M1')!.externalId, alsoExternalIds: [expect.stringMatching(/^m_fake/)] })]);
    expect(reports[0]!.alsoExternalIds![0]).not.toBe(reports[0]!.externalId);
    expect(reports[0]!.error).toBeUndefined();
    // A body that is only the file's name is no caption.
    await call(event(job({ whatsappId: 3, messageId: 'M2', chatId: 'IGSID-7', mediaType: 'application', mediaKey: 'nota.pdf', filename: 'nota.pdf', body: 'nota.pdf' })));
    expect(graph.sends()).toHaveLength(3);
    expect(graph.sends()[2]!.body.message).toEqual({ attachment: { type: 'file', payload: { url: 'https://media.example/nota.pdf?sig=1', is_reusable: false } } });
  });

  it('never sends the file twice when only its caption fails: the message is sent and says the caption was not delivered', async () => {
    graph.failWhen((r) => typeof r.body?.message?.text === 'string', { status: 500, error: { message: 'temporarily unavailable', code: 2 } });
    expect(await call(event(job({ whatsappId: 2, chatId: 'PSID-7', mediaType: 'image', mediaKey: 'k.jpg', body: 'legenda' })))).toEqual({ batchItemFailures: [] });
    expect(graph.sends().map((r) => Object.keys(r.body.message))).toEqual([['attachment'], ['text']]);
    expect(msgs.get('M1')!.externalId).toMatch(/^m_fake/);
    expect(reports).toEqual([expect.objectContaining({ externalId: msgs.get('M1')!.externalId, error: 'caption not delivered: graph 500 #2: temporarily unavailable' })]);
    // A redelivery of the job sends nothing again.
    await call(event(job({ whatsappId: 2, chatId: 'PSID-7', mediaType: 'image', mediaKey: 'k.jpg', body: 'legenda' })));
    expect(graph.sends()).toHaveLength(2);
  });

  it('sends reactions and read receipts without claiming the message', async () => {
    await call(event(job({ action: 'react', body: '👍', targetExternalId: 'wamid.IN', messageId: 'NOPE' }), job({ action: 'read', targetExternalId: 'wamid.IN', messageId: 'NOPE' })));
    expect(graph.sends().map((s) => s.body)).toEqual([
      expect.objectContaining({ type: 'reaction', reaction: { message_id: 'wamid.IN', emoji: '👍' } }),
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN' },
    ]);
    expect(reports).toEqual([]);
  });

  it('sends Messenger / Instagram reactions (react, unreact) and read receipts (mark_seen) as sender actions', async () => {
    const fb = { whatsappId: 2, chatId: 'PSID-7', messageId: 'NOPE' };
    await call(event(job({ ...fb, action: 'react', body: '😮', targetExternalId: 'm_IN' }), job({ ...fb, action: 'react', body: '', targetExternalId: 'm_IN' }), job({ ...fb, whatsappId: 3, chatId: 'IGSID-7', action: 'read', targetExternalId: 'ig_IN' })));
    expect(graph.sends().map((s) => [s.path, s.body])).toEqual([
      ['/v21.0/PAGE1/messages', { recipient: { id: 'PSID-7' }, sender_action: 'react', payload: { message_id: 'm_IN', reaction: '😮' } }],
      ['/v21.0/PAGE1/messages', { recipient: { id: 'PSID-7' }, sender_action: 'unreact', payload: { message_id: 'm_IN' } }],
      ['/v21.0/IG1/messages', { recipient: { id: 'IGSID-7' }, sender_action: 'mark_seen' }],
    ]);
    expect(reports).toEqual([]);
  });

  it('marks a permanent failure with the Graph reason and reports the error', async () => {
    graph.failNext({ status: 400, error: { message: '(#131030) Recipient phone number not in allowed list', code: 131030 } });
    expect(await call(event(job()))).toEqual({ batchItemFailures: [] });
    expect(msgs.get('M1')!.error).toBe('graph 400 #131030: (#131030) Recipient phone number not in allowed list');
    expect(reports).toEqual([expect.objectContaining({ messageId: 'M1', error: msgs.get('M1')!.error })]);
    expect(reports[0]!.externalId).toBeUndefined();
  });

  it('fails for good without a token or provider id, without calling the Graph API', async () => {
    await call(event(job({ whatsappId: 4 })));
    expect(msgs.get('M1')!.error).toBe('connection 4 has no access token');
    expect(graph.requests).toEqual([]);
  });

  it('returns 429 / 5xx records (and the rest of the batch) to the queue, then sends on the retry', async () => {
    graph.failNext({ status: 429, error: { message: 'rate limited', code: 130429 }, headers: { 'retry-after': '7' } });
    expect(await call(event(job(), job({ messageId: 'M2' })))).toEqual({ batchItemFailures: [{ itemIdentifier: 'r0' }, { itemIdentifier: 'r1' }] });
    expect(msgs.get('M1')!.error).toBeUndefined();
    expect(reports).toEqual([]);
    // The retry comes from another invocation; the stale claim of the failed attempt is taken over.
    msgs.get('M1')!.sendClaim = undefined;
    graph.failNext({ status: 503 });
    expect((await call(event(job()))).batchItemFailures).toHaveLength(1);
    msgs.get('M1')!.sendClaim = undefined;
    expect(await call(event(job(), job({ messageId: 'M2' })))).toEqual({ batchItemFailures: [] });
    expect(reports.map((r) => r.messageId)).toEqual(['M1', 'M2']);
  });

  it('retries later while another attempt holds a fresh claim', async () => {
    msgs.get('M1')!.sendClaim = { host: 'graph-worker:other', at: Date.now() };
    expect(await call(event(job()))).toEqual({ batchItemFailures: [{ itemIdentifier: 'r0' }] });
    expect(graph.sends()).toEqual([]);
  });

  it('drops a poison record with a log line and goes on with the batch', async () => {
    expect(await call(event('{nope', { hello: 'world' }, job()))).toEqual({ batchItemFailures: [] });
    expect(graph.sends()).toHaveLength(1);
  });
});
