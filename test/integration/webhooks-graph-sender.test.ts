/**
 * The Graph sender against DynamoDB Local and the fake Graph server: the claim, markSent and
 * markFailed conditions are the real ones, so a redelivered job never sends twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OutboundJob, SendResult } from '@conversa/shared/channels';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { findExternalRef, getMessage, messageKey, newMessageId } from '../../functions/src/adapters/db/messages';
import { queryPartition } from '../support/db';
import { runInbound } from '../support/inbound';
import { graphWorkerDeps } from '../../functions/src/domain/channels/send-graph-job';
import { createOutboundGraphHandler } from '../../functions/src/workers/outbound-graph';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';

const companyId = 800_000 + Math.floor(Math.random() * 90_000);
const ticketId = 1;
let graph: FakeGraph;
let reports: SendResult[];
const run = createOutboundGraphHandler({ ...graphWorkerDeps, report: async (r) => void reports.push(r) });
let req = 0;
const call = async (...jobs: OutboundJob[]) =>
  (await run({ Records: jobs.map((j, i) => ({ messageId: `r${i}`, body: JSON.stringify(j) })) } as SQSEvent, { awsRequestId: `sys-${++req}` } as Context)) as SQSBatchResponse;

async function newPendingMessage(over: Record<string, unknown> = {}): Promise<string> {
  const id = newMessageId();
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName: table(), Item: { ...messageKey(companyId, ticketId, id), entity: 'message', id, companyId, ticketId, contactId: 1, whatsappId: 1, body: 'Olá', fromMe: true, ack: 0, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: now, updatedAt: now, ...over } }));
  return id;
}
const job = (messageId: string, over: Partial<OutboundJob> = {}): OutboundJob => ({ companyId, whatsappId: 1, ticketId, messageId, chatId: '5511933334444', isGroup: false, action: 'send', body: 'Olá', isForwarded: false, ...over });

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env.GRAPH_BASE_URL = graph.url;
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(companyId, 1), id: 1, companyId, name: 'Cloud', channel: 'wppoficial', status: 'CONNECTED', provider: { phoneNumberId: 'PN-SYS', accessTokenRef: 'plain:tok-sys' }, createdAt: now, updatedAt: now } }));
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(companyId, 2), id: 2, companyId, name: 'Messenger', channel: 'facebook', status: 'CONNECTED', queueIds: [], provider: { pageId: 'PAGE-SYS', accessTokenRef: 'plain:tok-fb' }, createdAt: now, updatedAt: now } }));
});
afterAll(async () => {
  delete process.env.GRAPH_BASE_URL;
  await graph.stop();
});
beforeEach(() => {
  graph.reset();
  reports = [];
});

describe('Graph sender with DynamoDB', () => {
  it('sends, stores the Graph id and never sends the same message twice', async () => {
    const id = await newPendingMessage();
    expect(await call(job(id))).toEqual({ batchItemFailures: [] });
    const stored = await getMessage(companyId, ticketId, id);
    expect(stored?.externalId).toMatch(/^wamid\.fake/);
    expect(stored?.sendClaim).toBeUndefined();
    expect(reports).toEqual([expect.objectContaining({ kind: 'sent', messageId: id, externalId: stored!.externalId })]);
    expect(await call(job(id))).toEqual({ batchItemFailures: [] });
    expect(graph.sends()).toHaveLength(1);
  });

  it('marks a permanent failure on the message; a retryable one leaves it pending for the retry', async () => {
    const failed = await newPendingMessage();
    graph.failNext({ status: 400, error: { message: 'Invalid parameter', code: 100 } });
    await call(job(failed));
    expect((await getMessage(companyId, ticketId, failed))?.error).toBe('graph 400 #100: Invalid parameter');
    expect(reports[0]).toMatchObject({ messageId: failed, error: 'graph 400 #100: Invalid parameter' });

    const later = await newPendingMessage();
    graph.failNext({ status: 429, error: { message: 'slow down', code: 130429 } });
    expect(await call(job(later))).toEqual({ batchItemFailures: [{ itemIdentifier: 'r0' }] });
    const pending = await getMessage(companyId, ticketId, later);
    expect(pending?.externalId).toBeUndefined();
    expect(pending?.error).toBeUndefined();
    // Another invocation while the failed attempt's claim is fresh: back to the queue, no send.
    expect(await call(job(later))).toEqual({ batchItemFailures: [{ itemIdentifier: 'r0' }] });
    expect(graph.sends()).toHaveLength(2);
  });

  it("a Messenger caption's echo is the same message: both ids are indexed, nothing is stored twice", async () => {
    const messagesBefore = (await queryPartition(`C#${companyId}#MSGS#${ticketId}`)).length + 1;
    const id = await newPendingMessage({ whatsappId: 2, body: 'Segue a foto', mediaType: 'image', mediaKey: `companies/${companyId}/media/x.jpg`, mimetype: 'image/jpeg', filename: 'x.jpg' });
    const sent = job(id, { whatsappId: 2, chatId: 'PSID-SYS', mediaType: 'image', mediaKey: `companies/${companyId}/media/x.jpg`, body: 'Segue a foto', filename: 'x.jpg' });
    expect(await call(sent)).toEqual({ batchItemFailures: [] });
    const [report] = reports;
    expect(report?.alsoExternalIds).toHaveLength(1);
    expect((await runInbound([report!])).batchItemFailures).toEqual([]);
    for (const x of [report!.externalId!, report!.alsoExternalIds![0]!]) expect(await findExternalRef(companyId, 2, x)).toEqual({ ticketId, messageId: id });
    // Meta echoes both messages the page sent (is_echo): neither becomes a new message.
    const echo = (externalId: string, body: string) => ({ kind: 'message' as const, companyId, whatsappId: 2, externalId, chatId: 'PSID-SYS', isGroup: false, fromMe: true, contactName: '', altIds: [], body, timestamp: Date.now() });
    expect((await runInbound([echo(report!.externalId!, ''), echo(report!.alsoExternalIds![0]!, 'Segue a foto')])).batchItemFailures).toEqual([]);
    expect(await queryPartition(`C#${companyId}#MSGS#${ticketId}`)).toHaveLength(messagesBefore);
  });
});
