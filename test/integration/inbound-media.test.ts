/**
 * Media that Graph webhooks only reference: the inbound worker downloads it (Cloud API media with
 * the connection's token, Messenger/Instagram CDN URLs without one), puts it in S3 (s3rver) and
 * stores the message with its key; a failure never loses the message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { InboundEnvelope } from '@conversa/shared/channels';
import { PT } from '@conversa/shared/error-texts/pt';
import { findExternalRef, getMessage } from '../../functions/src/adapters/db/messages';
import { mediaRefUrl } from '../../functions/src/adapters/graph';
import { resetMediaClient, s3 } from '../../functions/src/adapters/media';
import { newCompany } from '../support/api';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { runInbound, text } from '../support/inbound';

let graph: FakeGraph;
let companyId: number;
let wid: number;
const TOKEN = 'tok-media-sys';
const FAILED = PT.ERR_WAPP_DOWNLOAD_MEDIA;

const withMedia = (url: string, over: Partial<Extract<InboundEnvelope, { kind: 'message' }>> = {}) =>
  text(companyId, wid, '5511977776666', '', { mediaType: 'image', media: { url, mimetype: 'image/jpeg', filename: 'foto.jpg' }, ...over });

async function stored(env: InboundEnvelope) {
  const hit = await findExternalRef(companyId, wid, (env as { externalId: string }).externalId);
  return hit ? getMessage(companyId, hit.ticketId, hit.messageId) : undefined;
}

async function object(key: string): Promise<Buffer> {
  const out = await s3().send(new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET!, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env.GRAPH_BASE_URL = graph.url;
  resetMediaClient();
  const company = await newCompany('ultimate');
  companyId = company.companyId;
  const conn = await company.admin.call('POST', '/whatsapp', { body: { name: 'Cloud', channel: 'wppoficial', provider: { phoneNumberId: String(10_000_000 + companyId), accessToken: TOKEN } } });
  expect(conn.status, JSON.stringify(conn.body)).toBe(201);
  wid = conn.body.id;
});
afterAll(async () => {
  delete process.env.GRAPH_BASE_URL;
  await graph.stop();
});
beforeEach(() => graph.reset());

describe('inbound media of Graph webhooks', () => {
  it('downloads a Cloud API media reference with the connection token and stores the message with its S3 key', async () => {
    const bytes = Buffer.from('jpeg-bytes-' + 'x'.repeat(2000));
    graph.addMedia('MID-1', { mimetype: 'image/jpeg', size: bytes.length, bytes });
    const env = withMedia(mediaRefUrl('MID-1'), { body: 'olha a foto' });
    expect(await runInbound([env])).toEqual({ batchItemFailures: [] });
    const m = await stored(env);
    expect(m?.mediaKey).toBe(`companies/${companyId}/media/${wid}/${(env as { externalId: string }).externalId}`);
    expect(m?.mediaType).toBe('image');
    expect(m?.body).toBe('olha a foto');
    expect(await object(m!.mediaKey!)).toEqual(bytes);
    // The lookup and the download both carried the page/system token.
    expect(graph.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('downloads a Messenger/Instagram CDN URL without sending any token', async () => {
    const bytes = Buffer.from('png-bytes');
    graph.addMedia('cdn-1', { mimetype: 'image/png', size: bytes.length, bytes });
    const env = withMedia(`${graph.url}/public-cdn/cdn-1`, { media: { url: `${graph.url}/public-cdn/cdn-1`, mimetype: 'image/png', filename: '' } });
    expect(await runInbound([env])).toEqual({ batchItemFailures: [] });
    const m = await stored(env);
    expect(await object(m!.mediaKey!)).toEqual(bytes);
    expect(graph.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps the message with a note when the media cannot be downloaded (unknown id, foreign URL)', async () => {
    for (const url of [mediaRefUrl('MID-missing'), 'https://evil.example/cdn/x.jpg']) {
      const env = withMedia(url, { body: 'legenda' });
      expect(await runInbound([env])).toEqual({ batchItemFailures: [] });
      const m = await stored(env);
      expect(m?.mediaKey).toBeUndefined();
      expect(m?.mediaType).toBeUndefined();
      expect(m?.body).toBe(`${FAILED} (foto.jpg)\nlegenda`);
      expect(m?.mediaError).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    }
    expect(graph.requests.some((r) => r.path.includes('evil'))).toBe(false);
  });

  it('returns a retryable failure (503) to the queue, and on the last try keeps the message without media', async () => {
    graph.addMedia('MID-2', { mimetype: 'image/jpeg', size: 10 });
    const env = withMedia(mediaRefUrl('MID-2'));
    graph.failNext({ status: 503, error: { message: 'busy', code: 2 } });
    const first = await runInbound([env], 1);
    expect(first.batchItemFailures).toHaveLength(1);
    expect(await stored(env)).toBeUndefined(); // nothing written: the retry starts clean

    graph.failNext({ status: 503, error: { message: 'busy', code: 2 } });
    expect(await runInbound([env], 4)).toEqual({ batchItemFailures: [] });
    expect((await stored(env))?.body).toBe(`${FAILED} (foto.jpg)`);
    // Delivered again after that: a duplicate, still one message.
    expect(await runInbound([env], 5)).toEqual({ batchItemFailures: [] });
  });

  it('refuses media over the 20 MB limit before downloading it', async () => {
    graph.addMedia('MID-big', { mimetype: 'video/mp4', size: 21 * 1024 * 1024, bytes: Buffer.alloc(1) });
    const env = withMedia(mediaRefUrl('MID-big'), { mediaType: 'video' });
    expect(await runInbound([env])).toEqual({ batchItemFailures: [] });
    expect((await stored(env))?.mediaKey).toBeUndefined();
    expect(graph.requests.filter((r) => r.path.startsWith('/cdn/'))).toHaveLength(0);
  });
});
