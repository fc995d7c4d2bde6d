/**
 * POST /messages/transcription/{id} against a fake OpenAI-compatible server: the audio is read
 * from S3 and sent as multipart with the company's key and model whisper-large-v3; the text is
 * stored on the message. The messages handler runs in this process (the fake lives here too);
 * the message is read back over HTTP from the local stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler } from '../../functions/src/http/messages';
import { getMessage, newMessageId, putMessageOnce, type Message } from '../../functions/src/adapters/db/messages';
import { putSetting } from '../../functions/src/adapters/db/settings';
import { putMedia } from '../../functions/src/adapters/media';
import { messageRef } from '../../shared/src/schemas/messages';
import { tenantWithAgent } from '../support/tenants';
import type { Client } from '../support/api';
import { startFakeTranscriber, type FakeTranscriber } from '../support/fake-transcriber';

let fake: FakeTranscriber;

async function transcribe(client: Client, ref: string): Promise<{ status: number; body: any }> {
  const event = {
    version: '2.0',
    routeKey: 'POST /messages/transcription/{id}',
    rawPath: `/messages/transcription/${ref}`,
    rawQueryString: '',
    pathParameters: { id: ref },
    headers: { authorization: `Bearer ${client.token}` },
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode ?? 0, body: res.body ? JSON.parse(res.body) : undefined };
}

async function seedAudio(t: { companyId: number; ticketId: number; contactId: number; whatsappId: number }, bytes: Buffer, over: Partial<Message> = {}): Promise<Message> {
  const id = newMessageId();
  const key = `companies/${t.companyId}/media/${t.whatsappId}/audio-${id}`;
  await putMedia(key, bytes, 'audio/ogg; codecs=opus');
  const now = new Date().toISOString();
  const m: Message = { id, companyId: t.companyId, ticketId: t.ticketId, contactId: t.contactId, whatsappId: t.whatsappId, body: '', fromMe: false, mediaType: 'audio', mediaKey: key, mimetype: 'audio/ogg; codecs=opus', filename: '', ack: 0, isDeleted: false, isEdited: false, isForwarded: false, read: true, createdAt: now, updatedAt: now, ...over };
  await putMessageOnce(m);
  return m;
}

beforeAll(async () => {
  fake = await startFakeTranscriber();
  process.env.TRANSCRIPTION_BASE_URL = fake.url;
});
afterAll(async () => {
  delete process.env.TRANSCRIPTION_BASE_URL;
  await fake.stop();
});

describe('audio transcription', () => {
  it('sends the stored audio with the company key, stores the text and answers it from the message afterwards', async () => {
    const { admin, tenant } = await tenantWithAgent();
    const audio = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
    const m = await seedAudio(tenant, audio);
    const ref = messageRef(m);

    const missing = await transcribe(admin, ref);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_SETTING_FOUND');
    expect(fake.requests).toHaveLength(0);

    await putSetting(tenant.companyId, 'groqApiKey', 'gsk_company_key');
    fake.answer('Olá, quero saber do meu pedido');
    const first = await transcribe(admin, ref);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.transcription).toBe('Olá, quero saber do meu pedido');
    expect(first.body.message).toMatchObject({ id: m.id, transcription: 'Olá, quero saber do meu pedido', mediaType: 'audio' });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/openai/v1/audio/transcriptions');
    expect(req.authorization).toBe('Bearer gsk_company_key');
    expect(req.fields.model).toBe('whisper-large-v3');
    expect(req.file?.bytes.equals(audio)).toBe(true);
    expect(req.file?.name).toBe('audio.ogg');
    expect((await getMessage(tenant.companyId, tenant.ticketId, m.id))?.transcription).toBe('Olá, quero saber do meu pedido');

    // Asked again: answered from the message, no second paid call.
    const again = await transcribe(admin, ref);
    expect(again.body.transcription).toBe('Olá, quero saber do meu pedido');
    expect(fake.requests).toHaveLength(1);

    // The page of messages carries it too.
    const page = await admin.call('GET', `/messages/${tenant.ticketId}`);
    expect(page.body.messages.find((x: { id: string }) => x.id === m.id)?.transcription).toBe('Olá, quero saber do meu pedido');
  });

  it('refuses text messages, unknown messages and tickets the caller may not see; a provider failure is a 502 and nothing is stored', async () => {
    const { admin, agent, tenant } = await tenantWithAgent();
    await putSetting(tenant.companyId, 'groqApiKey', 'gsk_company_key');
    const text = await transcribe(admin, messageRef({ ticketId: tenant.ticketId, id: tenant.messageId }));
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('ERR_VALIDATION');
    expect((await transcribe(admin, messageRef({ ticketId: tenant.ticketId, id: 'nope123' }))).body.error).toBe('ERR_NO_MESSAGE_FOUND');

    const m = await seedAudio(tenant, Buffer.alloc(12_000, 7));
    // The agent has no queue and the ticket has none: not theirs to see.
    expect((await transcribe(agent, messageRef(m))).body.error).toBe('ERR_NO_PERMISSION');

    const before = fake.requests.length;
    fake.failNext(500);
    const failed = await transcribe(admin, messageRef(m));
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('ERR_TRANSCRIPTION_FAILED');
    expect(fake.requests.length).toBe(before + 1);
    expect((await getMessage(tenant.companyId, tenant.ticketId, m.id))?.transcription).toBeUndefined();
  });
});
